import { useTranslation } from 'react-i18next';
import type { RectText } from './presenterDraft';

interface Props {
  label: string;
  value: RectText;
  disabled?: boolean;
  testId: string;
  onChange(next: RectText): void;
}

/** Four whole-number fields of a box in body pixels (X, Y, width, height). */
export function RectFields({ label, value, disabled, testId, onChange }: Props) {
  const { t } = useTranslation('digitalPeople');
  const keys: (keyof RectText)[] = ['x', 'y', 'width', 'height'];
  return (
    <fieldset className="ps-dp-rect" data-testid={testId} disabled={disabled}>
      <legend>{label}</legend>
      {keys.map((k) => (
        <label key={k} className="ps-dp-rect-field">
          <span>{t(`dialog.${k}`)}</span>
          <input
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            value={value[k]}
            data-testid={`${testId}-${k}`}
            onChange={(e) => onChange({ ...value, [k]: e.target.value })}
          />
        </label>
      ))}
    </fieldset>
  );
}
