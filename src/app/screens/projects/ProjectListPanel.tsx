import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from 'semantic-ui-react';
import type { ProjectListItem } from '../../../api/project.contract';
import { confirmDialog } from '../../state/confirm';
import { showMessage } from '../../state/messages';
import {
  COMPOSE_POLL_MS,
  deleteProject,
  loadProjects,
  pollProjects,
  projectsToPoll,
  renameProject,
  setProjectPage,
  type ProjectList,
} from '../../state/projects';
import { editorPath } from './format';
import { Pager } from './Pager';
import { ProjectTable } from './ProjectTable';
import { RenameDialog } from './RenameDialog';
import { useOnShow, usePolling, useViewActive } from './usePolling';

interface Props {
  list: ProjectList;
  /** Path of the screen showing the list (it reloads when the screen is shown again). */
  path: string;
  title: string;
  /** Shown instead of the table when the user has no project (of this kind). */
  empty: ReactNode;
  showKind?: boolean;
}

/** A paged project list with open, rename, delete and live synthesis progress. */
export function ProjectListPanel({ list, path, title, empty, showKind = true }: Props) {
  useSignals();
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const active = useViewActive(path);
  const [renaming, setRenaming] = useState<ProjectListItem | null>(null);

  useOnShow(active, () => void loadProjects(list));
  // The view stays mounted while hidden; its dialog (a portal on body) must not follow the user.
  useEffect(() => {
    if (!active) setRenaming(null);
  }, [active]);
  const composing = projectsToPoll(list.items.value, list.statuses.value).length > 0;
  usePolling(active && composing, () => pollProjects(list), COMPOSE_POLL_MS);

  const onDelete = async (p: ProjectListItem) => {
    const confirmed = await confirmDialog({
      title: t('confirmDelete.title'),
      content: t('confirmDelete.content', { name: p.name }),
      confirmText: t('confirmDelete.confirm'),
      cancelText: t('confirmDelete.cancel'),
      testId: 'confirm-delete-project',
    });
    if (!confirmed) {
      showMessage('info', t('confirmDelete.cancelled'));
      return;
    }
    await deleteProject(p.projectId).catch(() => undefined);
  };

  const items = list.items.value;
  const count = list.count.value;
  return (
    <section className="ps-card ps-project-panel" data-testid="project-list">
      <header className="ps-panel-header">
        <h2 className="ps-panel-title">
          {title}
          {list.loaded.value && <span className="ps-count-pill">{count}</span>}
        </h2>
        <Button
          basic
          size="small"
          icon="refresh"
          content={t('list.refresh')}
          loading={list.loading.value}
          onClick={() => void loadProjects(list)}
          data-testid="project-refresh"
        />
      </header>
      {!list.loaded.value ? (
        <div className="ps-panel-loading">{t('list.loading')}</div>
      ) : count === 0 ? (
        <div data-testid="project-empty">{empty}</div>
      ) : (
        <>
          <ProjectTable
            items={items}
            statuses={list.statuses.value}
            showKind={showKind}
            onOpen={(p) => navigate(editorPath(p.projectId))}
            onRename={setRenaming}
            onDelete={(p) => void onDelete(p)}
          />
          <Pager
            testId="project-pager"
            total={count}
            pageIndex={list.pageIndex.value}
            pageSize={list.pageSize.value}
            onChange={(page, size) => setProjectPage(list, page, size)}
          />
        </>
      )}
      <RenameDialog project={renaming} onClose={() => setRenaming(null)} onSave={renameProject} />
    </section>
  );
}
