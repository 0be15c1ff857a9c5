import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import type { CharacterItem } from '../../../api/library.contract';
import { resolveServerUrl } from '../../config';
import { PresenterPreviewStage } from '../virtual/PresenterPreviewStage';

interface Props {
  presenter: CharacterItem;
  onDelete(p: CharacterItem): void;
}

/**
 * One of 我的数字人: the figure as the video shows it (a talking video loops keyed on a canvas,
 * a single picture breathes), name, kind, state, size and delete.
 */
export function OwnPresenterCard({ presenter: p, onDelete }: Props) {
  const { t } = useTranslation('digitalPeople');
  const kind = p.kind ?? 1;
  const status = p.status === 1 ? 1 : p.status === 2 ? 2 : 0;
  return (
    <article
      className="ps-dp-card"
      data-testid="own-presenter-card"
      data-id={p.id}
      data-kind={kind}
      data-status={status}
    >
      <div className="ps-dp-card-stage ps-dp-scene">
        {status === 0 && (
          <span className="ps-dp-card-busy" data-testid="own-presenter-processing">
            <span className="ps-spinner" />
            {t('processing')}
          </span>
        )}
        {kind === 2 && status === 1 && p.video ? (
          <div className="ps-dp-card-figure ps-dp-card-figure--stage">
            <PresenterPreviewStage character={p} looping testId="own-presenter-video" />
          </div>
        ) : (
          <img
            className={`ps-dp-card-figure${kind === 3 ? ' ps-dp-breathe' : ''}`}
            src={resolveServerUrl(p.static_img)}
            alt={p.name}
            draggable={false}
          />
        )}
      </div>
      <div className="ps-dp-card-info">
        <div className="ps-dp-card-title">
          <strong className="ps-dp-card-name" title={p.name}>
            {p.name}
          </strong>
          <span className="ps-dp-card-size">{t('size', { w: p.width, h: p.height })}</span>
        </div>
        <div className="ps-dp-card-tags">
          <span className={`ps-dp-tag ps-dp-tag--kind${kind}`}>{t(`kind.${kind}`)}</span>
          <span className={`ps-dp-tag ps-dp-tag--status${status}`} title={p.statusMessage || undefined}>
            {t(`status.${status}`)}
          </span>
          {p.keying && <span className="ps-dp-tag ps-dp-tag--key">{t('keyed')}</span>}
        </div>
        {status === 2 && p.statusMessage && <p className="ps-dp-card-error">{p.statusMessage}</p>}
      </div>
      <div className="ps-dp-card-actions">
        <Button basic size="small" onClick={() => onDelete(p)} data-testid="own-presenter-delete">
          <Icon name="trash alternate outline" />
          {t('delete')}
        </Button>
      </div>
    </article>
  );
}
