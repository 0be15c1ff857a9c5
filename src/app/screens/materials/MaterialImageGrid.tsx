import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Icon, Loader } from 'semantic-ui-react';
import { resolveServerUrl } from '../../config';
import { materialLists, removeMaterial } from '../../state/materials';
import { formatBytes } from './formatMaterial';

/** The image materials as a grid of thumbnails, each with its name, size and a delete button. */
export function MaterialImageGrid() {
  useSignals();
  const { t } = useTranslation('materials');
  const { items, loaded } = materialLists[2];

  if (!loaded.value) return <Loader active inline="centered" content={t('loading')} />;
  if (items.value.length === 0) {
    return (
      <div className="ps-mat-empty" data-testid="material-images-empty">
        <Icon name="images outline" size="big" />
        <strong>{t('emptyImages')}</strong>
        <span>{t('emptyHint')}</span>
      </div>
    );
  }
  return (
    <div className="ps-mat-grid" data-testid="material-images">
      {items.value.map((item) => (
        <figure
          key={item.resourcesId}
          className="ps-mat-image"
          data-testid={`material-image-${item.resourcesId}`}
        >
          <a href={resolveServerUrl(item.path)} target="_blank" rel="noreferrer" className="ps-mat-thumb">
            <img src={resolveServerUrl(item.thumb)} alt={item.name} loading="lazy" />
          </a>
          <figcaption>
            <span className="ps-mat-name" title={item.name}>
              {item.name}
            </span>
            <span className="ps-mat-meta">
              {item.width}×{item.height} · {formatBytes(item.size)}
            </span>
          </figcaption>
          <button
            type="button"
            className="ps-mat-delete"
            title={t('delete')}
            aria-label={t('delete')}
            data-testid={`material-delete-${item.resourcesId}`}
            onClick={() => void removeMaterial(item)}
          >
            <Icon name="trash alternate outline" />
          </button>
        </figure>
      ))}
    </div>
  );
}
