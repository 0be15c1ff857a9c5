import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { CharacterItem } from '../../../api/library.contract';
import { resolveServerUrl } from '../../config';
import { KeyedVideo } from '../digitalPeople/KeyedVideo';
import '../digitalPeople/digitalPeople.css';
import { RigSprites } from '../presenter/RigSprites';
import type { RigElements } from './presenterPlayer';

interface Props {
  character: CharacterItem;
  voiceName: string;
  state: 'idle' | 'loading' | 'playing';
  onPreview(c: CharacterItem, els: RigElements): void;
  onUse(c: CharacterItem): void;
}

/** One presenter of 数字人形象库: the figure (talking while previewed), name, tags and actions. */
export function PresenterCard({ character: c, voiceName, state, onPreview, onUse }: Props) {
  const { t } = useTranslation('home');
  const { t: tLib } = useTranslation('library');
  const mouth = useRef<HTMLImageElement>(null);
  const blink = useRef<HTMLImageElement>(null);
  const talking = state === 'playing';
  const hasRig = !!c.rig.body && !!c.rig.mouths.X && c.width > 0 && c.height > 0;

  function preview() {
    if (mouth.current && blink.current) onPreview(c, { mouth: mouth.current, blink: blink.current });
  }

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
          <img
            className={`ps-virtual-static${c.kind === 3 ? ' ps-dp-breathe' : ''}`}
            src={resolveServerUrl(c.static_img)}
            alt={c.name}
            draggable={false}
            style={talking && c.kind === 2 && c.video ? { visibility: 'hidden' } : undefined}
          />
          {talking && c.kind === 2 && c.video && (
            <KeyedVideo
              src={resolveServerUrl(c.video)}
              keying={c.keying ?? null}
              className="ps-virtual-video"
              testId="presenter-video"
            />
          )}
          {hasRig && (
            <RigSprites
              rig={c.rig}
              width={c.width}
              height={c.height}
              visible={talking}
              mouthRef={mouth}
              blinkRef={blink}
              className="ps-virtual-rig"
              testId="presenter-rig"
              mouthTestId="presenter-mouth"
            />
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
          disabled={!hasRig}
          onClick={preview}
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
