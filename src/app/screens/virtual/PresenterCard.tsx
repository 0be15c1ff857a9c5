import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { CharacterItem } from '../../../api/library.contract';
import { resolveServerUrl } from '../../config';
import '../digitalPeople/digitalPeople.css';
import { PresenterPreviewStage } from './PresenterPreviewStage';

interface Props {
  character: CharacterItem;
  voiceName: string;
  state: 'idle' | 'loading' | 'playing';
  onPreview(c: CharacterItem): void;
  onUse(c: CharacterItem): void;
}

/** One presenter of 数字人形象库: the figure (talking while previewed), name, tags and actions. */
export function PresenterCard({ character: c, voiceName, state, onPreview, onUse }: Props) {
  const { t } = useTranslation('home');
  const { t: tLib } = useTranslation('library');
  const talking = state === 'playing';
  const hasRig = !!c.rig.body && !!c.rig.mouths.X && c.width > 0 && c.height > 0;
  const canPreview = hasRig || c.kind === 2 || c.kind === 3;

  const label =
    state === 'playing'
      ? t('virtual.stop')
      : state === 'loading'
        ? t('virtual.loading')
        : t('virtual.preview');
  return (
    <article
      className={`ps-virtual-card${talking ? ' talking' : ''}`}
      data-testid="presenter-card"
      data-id={c.id}
      data-state={state}
    >
      <div className="ps-virtual-stage">
        <div className="ps-virtual-figure" style={{ aspectRatio: `${c.width || 4} / ${c.height || 7}` }}>
          {state === 'idle' ? (
            <img
              className={`ps-virtual-static${c.kind === 3 ? ' ps-dp-breathe' : ''}`}
              src={resolveServerUrl(c.static_img)}
              alt={c.name}
              draggable={false}
            />
          ) : (
            <PresenterPreviewStage character={c} testId="presenter-stage" />
          )}
        </div>
        {talking && (
          <span className="ps-virtual-live">
            <span className="ps-virtual-bars" aria-hidden>
              <i />
              <i />
              <i />
            </span>
            {t('virtual.talking')}
          </span>
        )}
      </div>
      <div className="ps-virtual-info">
        <div className="ps-virtual-name">
          <strong>{c.name}</strong>
          {c.style && (
            <span className="ps-virtual-tag">
              {tLib(`character.style.${c.style}`, { defaultValue: c.style })}
            </span>
          )}
          <span className={`ps-virtual-tag ps-virtual-tag--${c.sex === 1 ? 'male' : 'female'}`}>
            {c.sex === 1 ? t('virtual.sexMale') : t('virtual.sexFemale')}
          </span>
        </div>
        {voiceName && <span className="ps-virtual-voice">{t('virtual.voice', { name: voiceName })}</span>}
      </div>
      <div className="ps-virtual-actions">
        <button
          type="button"
          className={`ui button ps-virtual-play${state !== 'idle' ? ' active' : ''}`}
          data-testid="presenter-preview"
          data-state={state}
          disabled={!canPreview}
          onClick={() => onPreview(c)}
        >
          <Icon
            name={state === 'playing' ? 'stop' : state === 'loading' ? 'spinner' : 'play'}
            loading={state === 'loading'}
          />
          {label}
        </button>
        <button
          type="button"
          className="ui basic button ps-virtual-use"
          data-testid="presenter-use"
          onClick={() => onUse(c)}
        >
          {t('virtual.makeVideo')}
        </button>
      </div>
    </article>
  );
}
