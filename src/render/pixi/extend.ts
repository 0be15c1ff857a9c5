import { extend } from '@pixi/react';
import { Container, Graphics, Sprite, Text } from 'pixi.js';
// Pixi builds its shader and uniform sync code with new Function unless this precompiled set is
// loaded; the app's Content-Security-Policy has no 'unsafe-eval', so the stage needs it.
import 'pixi.js/unsafe-eval';

/*
 * The one extend() of the app: the Pixi classes the stage's JSX may use (<pixiContainer>,
 * <pixiSprite>, <pixiGraphics>, <pixiText>). Imported once by Stage.tsx before anything renders.
 */
extend({ Container, Graphics, Sprite, Text });
