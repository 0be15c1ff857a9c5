import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { useObjectUrl } from '../../hooks/useObjectUrl';
import { useFileDrop } from '../../hooks/useFileDrop';
import { HiddenFileInput } from '../../layout/HiddenFileInput';

interface Props {
  file: File | null | undefined;
  accept: string;
  label: ReactNode;
  hint?: ReactNode;
  /** What the picked file shows as: an image thumbnail, or its name. */
  preview?: 'image' | 'name';
  compact?: boolean;
  disabled?: boolean;
  testId: string;
  onPick(file: File): void;
}

/** A file field: click or drop, with a thumbnail of the picked picture. */
export function FileDrop({
  file,
  accept,
  label,
  hint,
  preview = 'image',
  compact,
  disabled,
  testId,
  onPick,
}: Props) {
  const { t } = useTranslation('digitalPeople');
  const input = useRef<HTMLInputElement>(null);
  const url = useObjectUrl(preview === 'image' ? file : null);
  const { dragging, dropHandlers } = useFileDrop(onPick, disabled);
  return (
    <div
      className={`ps-dp-drop${compact ? ' ps-dp-drop--compact' : ''}${dragging ? ' is-dragging' : ''}${file ? ' has-file' : ''}`}
      {...dropHandlers}
    >
      <button
        type="button"
        className="ps-dp-drop-button"
        disabled={disabled}
        data-testid={`${testId}-picker`}
        onClick={() => input.current?.click()}
      >
        {url ? (
          <img src={url} alt="" draggable={false} />
        ) : file ? (
          <span className="ps-dp-drop-name">
            <Icon name="file video outline" />
            {file.name}
          </span>
        ) : (
          <span className="ps-dp-drop-empty">
            <Icon name="cloud upload" />
            {!compact && <span>{t('dialog.pick')}</span>}
          </span>
        )}
      </button>
      <div className="ps-dp-drop-text">
        <span className="ps-dp-drop-label">{label}</span>
        {hint && <span className="ps-dp-drop-hint">{hint}</span>}
      </div>
      <HiddenFileInput
        ref={input}
        accept={accept}
        testId={`${testId}-input`}
        onPick={(picked) => picked && onPick(picked)}
      />
    </div>
  );
}
