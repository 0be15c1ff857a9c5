import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from 'semantic-ui-react';
import { KEY_BLEND } from '../../../api/presenter.contract';
import { FileDrop } from './FileDrop';
import type { CharacterItem } from '../../../api/library.contract';
import { PresenterPreviewStage } from '../virtual/PresenterPreviewStage';
import type { PresenterDraft } from './presenterDraft';
import { StepPreview } from './StepPreview';
import { useObjectUrl, useVideoSize } from '../../hooks/useObjectUrl';

interface Props {
  draft: PresenterDraft;
  disabled: boolean;
  onChange(next: Partial<PresenterDraft>): void;
  onFile(field: string, file: File): void;
}

/** The picked video as a presenter of kind 2, for the stage's preview. */
function draftPresenter(
  video: string,
  size: { width: number; height: number },
  keying: CharacterItem['keying'],
): CharacterItem {
  return {
    id: 'draft',
    name: '',
    static_img: '',
    icon: '',
    status: 1,
    isPublic: 2,
    type: 1,
    video,
    timbreInfo: '',
    sex: 2,
    style: '',
    width: size.width,
    height: size.height,
    rig: {
      body: '',
      blink: '',
      mouths: {},
      mouth: { x: 0, y: 0, width: 0, height: 0 },
      eyes: { x: 0, y: 0, width: 0, height: 0 },
    },
    kind: 2,
    keying,
  };
}

/** Kind 2: the talking video, the green-screen switch and a keyed preview on the PixiJS stage. */
export function VideoStep({ draft, disabled, onChange, onFile }: Props) {
  const { t } = useTranslation('digitalPeople');
  const url = useObjectUrl(draft.files.video);
  const size = useVideoSize(url);
  const { keyEnabled, keyColor, keySimilarity } = draft;
  const presenter = useMemo(() => {
    const keying = keyEnabled ? { color: keyColor, similarity: keySimilarity, blend: KEY_BLEND } : null;
    return url && size ? draftPresenter(url, size, keying) : null;
  }, [url, size, keyEnabled, keyColor, keySimilarity]);
  return (
    <div className="ps-dp-sprite">
      <StepPreview
        title={draft.keyEnabled ? t('dialog.keyedPreview') : t('dialog.livePreview')}
        testId="presenter-video-preview"
        empty={t('dialog.video')}
      >
        {presenter ? (
          <PresenterPreviewStage character={presenter} looping testId="presenter-keyed-canvas" />
        ) : null}
      </StepPreview>
      <div className="ps-dp-fields-col">
        <FileDrop
          file={draft.files.video}
          accept="video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov"
          label={t('dialog.video')}
          hint={t('dialog.videoHint')}
          preview="name"
          disabled={disabled}
          testId="presenter-video"
          onPick={(f) => onFile('video', f)}
        />
        <div className="ps-dp-key">
          <Checkbox
            toggle
            label={t('dialog.key')}
            checked={draft.keyEnabled}
            disabled={disabled}
            data-testid="presenter-key-toggle"
            onChange={(_, d) => onChange({ keyEnabled: !!d.checked })}
          />
          <p className="ps-dp-note">{t('dialog.keyHint')}</p>
          {draft.keyEnabled && (
            <div className="ps-dp-key-settings">
              <label>
                <span>{t('dialog.keyColor')}</span>
                <input
                  type="color"
                  value={draft.keyColor.toLowerCase()}
                  disabled={disabled}
                  data-testid="presenter-key-color"
                  onChange={(e) => onChange({ keyColor: e.target.value.toUpperCase() })}
                />
                <code>{draft.keyColor}</code>
              </label>
              <label>
                <span>{t('dialog.similarity', { n: draft.keySimilarity.toFixed(2) })}</span>
                <input
                  type="range"
                  min={0.05}
                  max={0.6}
                  step={0.01}
                  value={draft.keySimilarity}
                  disabled={disabled}
                  data-testid="presenter-key-similarity"
                  onChange={(e) => onChange({ keySimilarity: Number(e.target.value) })}
                />
              </label>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
