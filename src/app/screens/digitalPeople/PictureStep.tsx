import { useTranslation } from 'react-i18next';
import { PICTURE_MAX_HEIGHT, PICTURE_MAX_WIDTH, PICTURE_MIN_SIDE } from '../../../api/presenter.contract';
import { FileDrop } from './FileDrop';
import type { PresenterDraft } from './presenterDraft';
import { useObjectUrl } from '../../hooks/useObjectUrl';

interface Props {
  draft: PresenterDraft;
  disabled: boolean;
  onFile(field: string, file: File): void;
}

/** Kind 3: one picture, previewed breathing the way the video shows it. */
export function PictureStep({ draft, disabled, onFile }: Props) {
  const { t } = useTranslation('digitalPeople');
  const url = useObjectUrl(draft.files.picture);
  return (
    <div className="ps-dp-sprite">
      <div className="ps-dp-preview-col">
        <div className="ps-dp-preview-title">
          <span>{t('dialog.livePreview')}</span>
        </div>
        <div className="ps-dp-video-preview ps-dp-scene" data-testid="presenter-picture-preview">
          {url ? (
            <img className="ps-dp-breathe" src={url} alt="" draggable={false} />
          ) : (
            <span className="ps-dp-preview-empty">{t('dialog.picture')}</span>
          )}
        </div>
      </div>
      <div className="ps-dp-fields-col">
        <FileDrop
          file={draft.files.picture}
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          label={t('dialog.picture')}
          hint={t('dialog.pictureHint', {
            min: PICTURE_MIN_SIDE,
            maxW: PICTURE_MAX_WIDTH,
            maxH: PICTURE_MAX_HEIGHT,
          })}
          disabled={disabled}
          testId="presenter-picture"
          onPick={(f) => onFile('picture', f)}
        />
      </div>
    </div>
  );
}
