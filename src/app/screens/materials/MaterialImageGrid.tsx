import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Loader } from 'semantic-ui-react';
import { resolveServerUrl } from '../../config';
import { materialLists } from '../../state/materials';
import { formatBytes } from './formatMaterial';
import { MaterialDeleteButton, MaterialEmpty } from './MaterialParts';

/** The image materials as a grid of thumbnails, each with its name, size and a delete button. */
export function MaterialImageGrid() {
  useSignals();
  const { t } = useTranslation('materials');
  const { items, loaded } = materialLists[2];

  if (!loaded.value) return <Loader active inline="centered" content={t('loading')} />;
  if (items.value.length === 0) {
    return <MaterialEmpty icon="images outline" title={t('emptyImages')} testId="material-images-empty" />;
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
          <MaterialDeleteButton item={item} className="ps-mat-delete" />
        </figure>
      ))}
    </div>
  );
}
