import { extend } from '@pixi/react';
import { Container, Graphics, Sprite, Text } from 'pixi.js';

/*
 * The one extend() of the app: the Pixi classes the stage's JSX may use (<pixiContainer>,
 * <pixiSprite>, <pixiGraphics>, <pixiText>). Imported once by Stage.tsx before anything renders.
 */
extend({ Container, Graphics, Sprite, Text });
