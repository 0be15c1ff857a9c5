import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import {
  PRESENTER_MOUTH_SHAPES,
  resolveMouthShapes,
  type PresenterMouthShape,
} from '../../../api/presenter.contract';
import { API_BASE } from '../../config';
import { presenterApi } from '../../services/http';
import { FileDrop } from './FileDrop';
import { PICTURE_HINT_LIMITS, rectNumbers, type PresenterDraft } from './presenterDraft';
import { RectFields } from './RectFields';
import { useObjectUrl } from '../../hooks/useObjectUrl';

interface Props {
  draft: PresenterDraft;
  body: { width: number; height: number } | null;
  disabled: boolean;
  onChange(next: Partial<PresenterDraft>): void;
  onFile(field: string, file: File): void;
}

const pct = (v: number, of: number) => `${(v / of) * 100}%`;

/** Kind 1: the body, the mouth sprites, the anchors, and a live preview of a sprite on the body. */
export function SpriteStep({ draft, body, disabled, onChange, onFile }: Props) {
  const { t } = useTranslation('digitalPeople');
  const [shape, setShape] = useState<PresenterMouthShape>('X');
  const uploaded = PRESENTER_MOUTH_SHAPES.filter((s) => draft.files[`mouth${s}`]);
  const resolved = uploaded.includes('X') ? resolveMouthShapes(uploaded) : null;
  const bodyUrl = useObjectUrl(draft.files.body);
  const mouthUrl = useObjectUrl(resolved ? draft.files[`mouth${resolved[shape]}`] : null);
  const blinkUrl = useObjectUrl(draft.files.blink);
  const mouth = rectNumbers(draft.mouth);
  const eyes = rectNumbers(draft.eyes);
  const png = 'image/png,.png';

  return (
    <div className="ps-dp-sprite">
      <div className="ps-dp-preview-col">
        <div className="ps-dp-preview-title">
          <span>{t('dialog.livePreview')}</span>
          <a
            className="ui mini basic button"
            href={presenterApi.templateUrl(API_BASE)}
            download="presenter-template.png"
            data-testid="presenter-template"
          >
            <Icon name="download" />
            {t('dialog.template')}
          </a>
        </div>
        <div
          className="ps-dp-rig-preview ps-dp-checker"
          style={{ aspectRatio: body ? `${body.width} / ${body.height}` : '4 / 7' }}
          data-testid="presenter-rig-preview"
        >
          {bodyUrl && <img className="ps-dp-rig-body" src={bodyUrl} alt="" draggable={false} />}
          {body && mouth && (
            <div
              className="ps-dp-rig-box ps-dp-rig-box--mouth"
              data-testid="presenter-mouth-box"
              style={{
                left: pct(mouth.x, body.width),
                top: pct(mouth.y, body.height),
                width: pct(mouth.width, body.width),
                height: pct(mouth.height, body.height),
              }}
            >
              {mouthUrl && (
                <img src={mouthUrl} alt="" draggable={false} data-testid="presenter-mouth-sprite" />
              )}
            </div>
          )}
          {body && eyes && (
            <div
              className="ps-dp-rig-box ps-dp-rig-box--eyes"
              style={{
                left: pct(eyes.x, body.width),
                top: pct(eyes.y, body.height),
                width: pct(eyes.width, body.width),
                height: pct(eyes.height, body.height),
              }}
            >
              {blinkUrl && shape === 'X' && <img src={blinkUrl} alt="" draggable={false} />}
            </div>
          )}
          {!bodyUrl && <span className="ps-dp-preview-empty">{t('dialog.body')}</span>}
        </div>
        <div className="ps-dp-shape-chips" role="radiogroup" aria-label={t('dialog.previewShape')}>
          {PRESENTER_MOUTH_SHAPES.map((s) => (
            <button
              key={s}
              type="button"
              role="radio"
              aria-checked={shape === s}
              className={`ps-dp-chip${shape === s ? ' active' : ''}`}
              title={t(`dialog.mouthName.${s}`)}
              onClick={() => setShape(s)}
            >
              {s}
            </button>
          ))}
        </div>
        <p className="ps-dp-note">{t('dialog.templateHint')}</p>
      </div>

      <div className="ps-dp-fields-col">
        <FileDrop
          file={draft.files.body}
          accept={png}
          label={t('dialog.body')}
          hint={t('dialog.bodyHint', PICTURE_HINT_LIMITS)}
          disabled={disabled}
          testId="presenter-body"
          onPick={(f) => onFile('body', f)}
        />
        <RectFields
          label={t('dialog.mouthRect')}
          value={draft.mouth}
          disabled={disabled}
          testId="presenter-mouth-rect"
          onChange={(mouthRect) => onChange({ mouth: mouthRect })}
        />
        <div className="ps-dp-section-title">{t('dialog.mouths')}</div>
        <p className="ps-dp-note">{t('dialog.mouthsHint')}</p>
        <div className="ps-dp-mouth-grid">
          {PRESENTER_MOUTH_SHAPES.map((s) => {
            const stand = resolved && !draft.files[`mouth${s}`] ? resolved[s] : null;
            return (
              <FileDrop
                key={s}
                compact
                file={draft.files[`mouth${s}`]}
                accept={png}
                label={
                  <>
                    <b>{s}</b> {t(`dialog.mouthName.${s}`)}
                  </>
                }
                hint={stand ? t('dialog.fallback', { shape: stand }) : undefined}
                disabled={disabled}
                testId={`presenter-mouth-${s}`}
                onPick={(f) => {
                  onFile(`mouth${s}`, f);
                  setShape(s);
                }}
              />
            );
          })}
        </div>
        <RectFields
          label={t('dialog.eyesRect')}
          value={draft.eyes}
          disabled={disabled}
          testId="presenter-eyes-rect"
          onChange={(eyesRect) => onChange({ eyes: eyesRect })}
        />
        <FileDrop
          compact
          file={draft.files.blink}
          accept={png}
          label={t('dialog.blink')}
          hint={t('dialog.blinkHint')}
          disabled={disabled}
          testId="presenter-blink"
          onPick={(f) => onFile('blink', f)}
        />
      </div>
    </div>
  );
}
