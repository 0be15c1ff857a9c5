import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Icon, Loader } from 'semantic-ui-react';
import { resolveServerUrl } from '../../config';
import { materialLists, playingMaterial, playMaterial, stopMaterial } from '../../state/materials';
import { formatBytes, formatDuration } from './formatMaterial';
import { MaterialDeleteButton, MaterialEmpty } from './MaterialParts';

/** The audio materials as a list, each with play/stop, its length, size and a delete button. */
export function MaterialAudioList() {
  useSignals();
  const { t } = useTranslation('materials');
  const { items, loaded } = materialLists[3];

  if (!loaded.value) return <Loader active inline="centered" content={t('loading')} />;
  if (items.value.length === 0) {
    return <MaterialEmpty icon="music" title={t('emptyAudios')} testId="material-audios-empty" />;
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
            <MaterialDeleteButton item={item} className="ps-mat-row-delete" />
          </li>
        );
      })}
    </ul>
  );
}
