import { Button } from 'semantic-ui-react';
import { useRepeatWhileHeld } from './useRepeatWhileHeld';

interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  /** Shown after the value (e.g. °). */
  unit?: string;
  /** Moves the value by one step; the buttons repeat it every 60 ms while held. */
  step(delta: number): void;
  onSet(value: number): void;
  down: { icon: string; title: string };
  up: { icon: string; title: string };
  /** Prefix of the data-testids: `<id>`, `<id>-value`, and the two buttons' own ids. */
  testId: string;
  downTestId: string;
  upTestId: string;
}

/** One crop control row: a button that steps down, a slider, a button that steps up, the value. */
export function CropSlider(p: Props) {
  return (
    <div className="ps-crop-control">
      <span className="ps-crop-label">{p.label}</span>
      <StepButton look={p.down} testId={p.downTestId} onStep={() => p.step(-1)} />
      <input
        type="range"
        min={p.min}
        max={p.max}
        step={1}
        value={p.value}
        aria-label={p.label}
        onChange={(e) => p.onSet(Number(e.target.value))}
        data-testid={p.testId}
      />
      <StepButton look={p.up} testId={p.upTestId} onStep={() => p.step(1)} />
      <span className="ps-crop-value" data-testid={`${p.testId}-value`}>
        {p.value}
        {p.unit}
      </span>
    </div>
  );
}

/** A round button that steps the value once, and again every 60 ms while it is held. */
function StepButton(props: { look: { icon: string; title: string }; testId: string; onStep(): void }) {
  const held = useRepeatWhileHeld(props.onStep);
  return (
    <Button
      type="button"
      icon={props.look.icon}
      size="mini"
      circular
      title={props.look.title}
      {...held}
      data-testid={props.testId}
    />
  );
}
