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
  const down = useRepeatWhileHeld(() => p.step(-1));
  const up = useRepeatWhileHeld(() => p.step(1));
  return (
    <div className="ps-crop-control">
      <span className="ps-crop-label">{p.label}</span>
      <Button
        type="button"
        icon={p.down.icon}
        size="mini"
        circular
        title={p.down.title}
        {...down}
        data-testid={p.downTestId}
      />
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
      <Button
        type="button"
        icon={p.up.icon}
        size="mini"
        circular
        title={p.up.title}
        {...up}
        data-testid={p.upTestId}
      />
      <span className="ps-crop-value" data-testid={`${p.testId}-value`}>
        {p.value}
        {p.unit}
      </span>
    </div>
  );
}
