import { useTranslation } from 'react-i18next';
import { Icon, Progress } from 'semantic-ui-react';
import { translateMessage } from '../../i18n';

/** Upload state of spec section 4: 0 idle, 1 uploading, 2 success, 3 failed. */
export type UploadState = 0 | 1 | 2 | 3;

interface Props {
  loading: UploadState;
  percent: number;
  error: string;
  preview: string;
}

/** Step 3: upload progress, then success or failure. */
export function AvatarUploadStep({ loading, percent, error, preview }: Props) {
  const { t } = useTranslation();
  return (
    <div className="ps-avatar-upload" data-testid="avatar-upload-state" data-state={loading}>
      {preview && <img className="ps-preview-circle ps-upload-preview" src={preview} alt="" />}
      {loading <= 1 && (
        <>
          <div className="ps-upload-title">{t('avatar.uploading')}</div>
          <Progress percent={percent} indicating progress size="small" data-testid="avatar-progress" />
        </>
      )}
      {loading === 2 && (
        <div className="ps-upload-result success" data-testid="avatar-success">
          <Icon name="check circle" color="green" size="big" />
          <span>{t('avatar.success')}</span>
        </div>
      )}
      {loading === 3 && (
        <div className="ps-upload-result failed" data-testid="avatar-failed">
          <Icon name="times circle" color="red" size="big" />
          <span>{translateMessage(error) || t('avatar.failed')}</span>
        </div>
      )}
    </div>
  );
}
