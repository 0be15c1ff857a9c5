import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import type { ComposeStatus } from '../../../api/compose.contract';
import type { ProjectListItem } from '../../../api/project.contract';
import { kindOf, stateOf } from '../../state/projects';
import { ComposeStatusView } from './ComposeStatusView';
import { formatDateTime } from './format';

interface Props {
  items: ProjectListItem[];
  statuses: Record<number, ComposeStatus>;
  showKind: boolean;
  onOpen(project: ProjectListItem): void;
  onRename(project: ProjectListItem): void;
  onDelete(project: ProjectListItem): void;
}

/** The projects of one page: name, kind, last edited, last synthesis, and the row actions. */
export function ProjectTable({ items, statuses, showKind, onOpen, onRename, onDelete }: Props) {
  const { t } = useTranslation('home');
  return (
    <table className="ps-project-table" data-testid="project-table">
      <thead>
        <tr>
          <th className="ps-col-name">{t('list.name')}</th>
          {showKind && <th className="ps-col-kind">{t('list.kind')}</th>}
          <th className="ps-col-updated">{t('list.updated')}</th>
          <th className="ps-col-status">{t('list.status')}</th>
          <th className="ps-col-actions">{t('list.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((p) => {
          const kind = kindOf(p.proKind);
          const id = p.projectId;
          return (
            <tr key={id} data-testid={`project-row-${id}`} data-project-id={id}>
              <td className="ps-col-name">
                <button
                  type="button"
                  className="ps-project-name"
                  title={p.name}
                  onClick={() => onOpen(p)}
                  data-testid={`project-name-${id}`}
                >
                  <span className={`ps-kind-dot ps-kind-dot--${kind}`}>
                    <Icon name={kind === 'voice' ? 'microphone' : 'file alternate outline'} />
                  </span>
                  <span className="ps-project-name-text">{p.name}</span>
                </button>
              </td>
              {showKind && (
                <td className="ps-col-kind">
                  <span className={`ps-kind-tag ps-kind-tag--${kind}`}>{t(`kind.${kind}`)}</span>
                </td>
              )}
              <td className="ps-col-updated ps-muted">{formatDateTime(p.updatedAt)}</td>
              <td className="ps-col-status">
                <ComposeStatusView
                  state={stateOf(p, statuses)}
                  status={statuses[id]}
                  linkToVideos
                  testId={`project-status-${id}`}
                />
              </td>
              <td className="ps-col-actions">
                <Button
                  size="mini"
                  primary
                  basic
                  icon="edit outline"
                  content={t('actions.open')}
                  onClick={() => onOpen(p)}
                  data-testid={`project-open-${id}`}
                />
                <Button
                  size="mini"
                  basic
                  icon="i cursor"
                  content={t('actions.rename')}
                  onClick={() => onRename(p)}
                  data-testid={`project-rename-${id}`}
                />
                <Button
                  size="mini"
                  basic
                  className="ps-danger-button"
                  icon="trash alternate outline"
                  content={t('actions.delete')}
                  onClick={() => onDelete(p)}
                  data-testid={`project-delete-${id}`}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
