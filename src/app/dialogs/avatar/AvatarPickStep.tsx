import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { translateMessage } from '../../i18n';
import { useFileDrop } from '../../hooks/useFileDrop';
import { HiddenFileInput } from '../../layout/HiddenFileInput';

interface Props {
  error: string;
  busy: boolean;
  onFile(file: File): void;
}

/** Step 1: choose an image by click or drag and drop. */
export function AvatarPickStep({ error, busy, onFile }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { dragging: over, dropHandlers } = useFileDrop(onFile);
  return (
    <div className="ps-avatar-pick">
      <div
        role="button"
        tabIndex={0}
        className={`ps-dropzone${over ? ' over' : ''}`}
        data-testid="avatar-drop"
        onClick={() => input.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') input.current?.click();
        }}
        {...dropHandlers}
      >
        <Icon name={busy ? 'spinner' : 'cloud upload'} loading={busy} size="huge" />
        <div className="ps-dropzone-title">
          {busy ? t('avatar.loadingImage') : over ? t('avatar.dropActive') : t('avatar.drop')}
        </div>
        <div className="ps-dropzone-hint">{t('avatar.limits')}</div>
        <HiddenFileInput
          ref={input}
          accept="image/*"
          testId="avatar-file-input"
          onPick={(file) => {
            if (file) onFile(file);
          }}
        />
      </div>
      {error && (
        <div className="ps-avatar-error" role="alert" data-testid="avatar-pick-error">
          <Icon name="warning circle" />
          {translateMessage(error)}
        </div>
      )}
    </div>
  );
}
