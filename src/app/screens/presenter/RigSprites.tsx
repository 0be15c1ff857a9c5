import type { CSSProperties, Ref } from 'react';
import type { CharacterItem } from '../../../api/library.contract';
import { resolveServerUrl } from '../../config';
import './rig.css';

type Anchor = { x: number; y: number; width: number; height: number };

/** A rig anchor (natural pixels) as percentages of the figure, so it scales with any box. */
function place(box: Anchor, width: number, height: number): CSSProperties {
  return {
    left: `${(box.x / width) * 100}%`,
    top: `${(box.y / height) * 100}%`,
    width: `${(box.width / width) * 100}%`,
    height: `${(box.height / height) * 100}%`,
  };
}

interface Props {
  rig: CharacterItem['rig'];
  /** Natural size of the presenter art, which the anchors are measured in. */
  width: number;
  height: number;
  /** Shown while talking; the static image underneath shows otherwise. */
  visible: boolean;
  mouthRef: Ref<HTMLImageElement>;
  blinkRef: Ref<HTMLImageElement>;
  className?: string;
  testId?: string;
  mouthTestId?: string;
}

/**
 * The layered presenter over its static image: body, the mouth sprite (at rest: X) and the
 * closed-eyes sprite (hidden between blinks). animateRig writes to the two sprite elements.
 */
export function RigSprites(props: Props) {
  const { rig, width, height, visible, mouthRef, blinkRef, className, testId, mouthTestId } = props;
  return (
    <div
      className={`ps-rig${className ? ` ${className}` : ''}`}
      data-testid={testId}
      style={{ visibility: visible ? 'visible' : 'hidden' }}
    >
      <img src={resolveServerUrl(rig.body)} alt="" draggable={false} />
      <img
        ref={mouthRef}
        className="ps-rig-sprite"
        src={resolveServerUrl(rig.mouths.X)}
        alt=""
        style={place(rig.mouth, width, height)}
        draggable={false}
        data-shape="X"
        data-testid={mouthTestId}
      />
      <img
        ref={blinkRef}
        className="ps-rig-sprite"
        src={rig.blink ? resolveServerUrl(rig.blink) : undefined}
        alt=""
        style={{ ...place(rig.eyes, width, height), visibility: 'hidden' }}
        draggable={false}
      />
    </div>
  );
}
