import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, Loader, Message } from 'semantic-ui-react';
import { loadThreeProjects, threeProjects } from '../../state/threePreview';
import { formatDateTime } from '../projects/format';

/** /three without a project: the user's projects to choose one to preview. */
export function ProjectPicker({ onPick, invalid }: { onPick(id: number): void; invalid: boolean }) {
  useSignals();
  const { t } = useTranslation('three');
  useEffect(() => void loadThreeProjects(), []);
  const list = threeProjects.value;
  return (
    <div className="ps-three-picker" data-testid="three-picker">
      {invalid && <Message warning size="small" content={t('badProject')} data-testid="three-bad-project" />}
      <h2>{t('pickTitle')}</h2>
      {list === null ? (
        <Loader active inline="centered" content={t('pickLoading')} />
      ) : list.length === 0 ? (
        <p className="ps-three-empty" data-testid="three-pick-empty">
          {t('pickEmpty')}
        </p>
      ) : (
        <div className="ps-three-pick-grid">
          {list.map((p) => (
            <button
              type="button"
              key={p.projectId}
              className="ps-three-pick"
              data-testid={`three-pick-${p.projectId}`}
              onClick={() => onPick(p.projectId)}
            >
              <span className={`ps-three-pick-shape${p.distinguishability === 2 ? ' is-portrait' : ''}`}>
                <Icon name="play" />
              </span>
              <span className="ps-three-pick-body">
                <strong>{p.name || '—'}</strong>
                <span>
                  {p.distinguishability === 2 ? t('portrait') : t('landscape')} ·{' '}
                  {t('updated', { time: formatDateTime(p.updatedAt) })}
                </span>
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
