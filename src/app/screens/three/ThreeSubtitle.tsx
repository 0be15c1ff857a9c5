import { useSignals } from '@preact/signals-react/runtime';
import { subtitleStyle } from '../../../model/speech';
import { stageCue } from '../../state/threePlayback';

/**
 * The subtitle line on the /three stage, in preview units: the render's style (src/model/speech
 * subtitleStyle: 5% of the frame height, at most 18 characters across the safe width, a dark
 * outline, 6% / 9% bottom margin) scaled with the frame, so lines break and sit as in the video.
 */
export function ThreeSubtitle({ frame }: { frame: { width: number; height: number } }) {
  useSignals();
  const text = stageCue.value;
  if (!text) return null;
  const look = subtitleStyle(frame, '');
  return (
    <div
      className="ps-three-subtitle"
      data-testid="three-subtitle"
      style={{
        left: look.marginX,
        right: look.marginX,
        bottom: look.marginBottom,
        fontSize: look.fontSize,
        WebkitTextStroke: `${look.outline * 2}px #000`,
        textShadow: `${look.shadow}px ${look.shadow}px 0 rgba(0, 0, 0, 0.6)`,
      }}
    >
      {text}
    </div>
  );
}
