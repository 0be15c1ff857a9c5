import { useTranslation } from 'react-i18next';
import { FileDrop } from './FileDrop';
import { PICTURE_HINT_LIMITS, type PresenterDraft } from './presenterDraft';
import { StepPreview } from './StepPreview';
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
      <StepPreview
        title={t('dialog.livePreview')}
        testId="presenter-picture-preview"
        empty={t('dialog.picture')}
      >
        {url ? <img className="ps-dp-breathe" src={url} alt="" draggable={false} /> : null}
      </StepPreview>
      <div className="ps-dp-fields-col">
        <FileDrop
          file={draft.files.picture}
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          label={t('dialog.picture')}
          hint={t('dialog.pictureHint', PICTURE_HINT_LIMITS)}
          disabled={disabled}
          testId="presenter-picture"
          onPick={(f) => onFile('picture', f)}
        />
      </div>
    </div>
  );
}
