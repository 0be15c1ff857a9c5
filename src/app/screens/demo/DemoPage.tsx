import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import type { DemoItem } from '../../../api/demo.contract';
import { copyDemo, copyingDemo, demoListState, demos, loadDemos } from '../../state/demo';
import { showMessage } from '../../state/messages';
import { PageHeader } from '../PageHeader';
import { editorPath } from '../projects/format';
import { useOnShow, useViewActive } from '../projects/usePolling';
import { DemoCard } from './DemoCard';
import './demo.css';

/** /demo 示例项目: ready-made examples that a user copies into their own projects with one click. */
export function DemoPage() {
  useSignals();
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const active = useViewActive('/demo');
  useOnShow(active, () => {
    if (demoListState.value !== 'ready') void loadDemos();
  });

  const copy = async (demo: DemoItem) => {
    const id = await copyDemo(demo.id);
    if (id === null) return;
    showMessage('success', t('demo.copied'));
    navigate(editorPath(id));
  };

  const state = demoListState.value;
  const list = demos.value;
  return (
    <div className="ps-page" data-testid="page-demo">
      <PageHeader icon="play circle outline" title={t('demo.title')} description={t('demo.desc')}>
        {state === 'ready' && <span className="ps-badge">{t('demo.count', { n: list.length })}</span>}
      </PageHeader>
      <div className="ps-demo-hint">
        <Icon name="lightbulb outline" />
        {t('demo.hint')}
      </div>
      {state === 'failed' ? (
        <div className="ps-empty ps-empty--compact" data-testid="demo-failed">
          <p>{t('demo.failed')}</p>
          <button type="button" className="ui button" onClick={() => void loadDemos()}>
            {t('demo.retry')}
          </button>
        </div>
      ) : state === 'ready' && list.length === 0 ? (
        <div className="ps-empty ps-empty--compact">
          <p>{t('demo.empty')}</p>
        </div>
      ) : state !== 'ready' ? (
        <div className="ps-demo-grid" aria-busy="true" data-testid="demo-loading">
          {[0, 1, 2].map((i) => (
            <div key={i} className="ps-demo-card is-skeleton" />
          ))}
        </div>
      ) : (
        <div className="ps-demo-grid" data-testid="demo-list">
          {list.map((demo) => (
            <DemoCard
              key={demo.id}
              demo={demo}
              copying={copyingDemo.value === demo.id}
              busy={copyingDemo.value !== null && copyingDemo.value !== demo.id}
              onCopy={(d) => void copy(d)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
