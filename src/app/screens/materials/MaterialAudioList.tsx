import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Icon, Loader } from 'semantic-ui-react';
import { resolveServerUrl } from '../../config';
import {
  materialLists,
  playingMaterial,
  playMaterial,
  removeMaterial,
  stopMaterial,
} from '../../state/materials';
import { formatBytes, formatDuration } from './formatMaterial';

/** The audio materials as a list, each with play/stop, its length, size and a delete button. */
export function MaterialAudioList() {
  useSignals();
  const { t } = useTranslation('materials');
  const { items, loaded } = materialLists[3];

  if (!loaded.value) return <Loader active inline="centered" content={t('loading')} />;
  if (items.value.length === 0) {
    return (
      <div className="ps-mat-empty" data-testid="material-audios-empty">
        <Icon name="music" size="big" />
        <strong>{t('emptyAudios')}</strong>
        <span>{t('emptyHint')}</span>
      </div>
    );
  }
  return (
    <ul className="ps-mat-audios" data-testid="material-audios">
      {items.value.map((item) => {
        const playing = playingMaterial.value === item.path;
        return (
          <li
            key={item.resourcesId}
            className={playing ? 'is-playing' : ''}
            data-testid={`material-audio-${item.resourcesId}`}
          >
            <button
              type="button"
              className="ps-mat-play"
              title={playing ? t('stop') : t('play')}
              aria-label={playing ? t('stop') : t('play')}
              data-testid={`material-play-${item.resourcesId}`}
              onClick={() =>
                playing ? stopMaterial() : playMaterial(resolveServerUrl(item.path), item.path)
              }
            >
              <Icon name={playing ? 'stop' : 'play'} />
            </button>
            <span className="ps-mat-name" title={item.name}>
              {item.name}
            </span>
            <span className="ps-mat-meta">{formatDuration(item.durationMs)}</span>
            <span className="ps-mat-meta">{formatBytes(item.size)}</span>
            <button
              type="button"
              className="ps-mat-row-delete"
              title={t('delete')}
              aria-label={t('delete')}
              data-testid={`material-delete-${item.resourcesId}`}
              onClick={() => void removeMaterial(item)}
            >
              <Icon name="trash alternate outline" />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
