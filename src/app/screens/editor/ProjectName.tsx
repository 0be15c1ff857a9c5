import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Input } from 'semantic-ui-react';
import { PROJECT_NAME_MAX } from '../../../model/project';
import { doc, renameProject } from '../../state/editor';
import { showMessage } from '../../state/messages';

// The field takes a little more than the limit, so a long paste is seen over it and said, not cut.
const FIELD_MAX = PROJECT_NAME_MAX + 20;

/** The project name in the top bar with its 修改 button (inline editing, Enter saves, Esc cancels). */
export function ProjectName() {
  useSignals();
  const { t } = useTranslation('editor');
  const name = doc.value?.projectName ?? '';
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    const next = (editing ?? '').trim();
    if (!next) return void showMessage('warning', t('top.nameRequired'));
    if (next.length > PROJECT_NAME_MAX) return void showMessage('warning', t('top.nameTooLong'));
    if (next === name) return setEditing(null);
    setBusy(true);
    try {
      await renameProject(next);
      showMessage('success', t('top.renamed'));
      setEditing(null);
    } catch {
      // The client has shown the error; the field stays open for another try.
    } finally {
      setBusy(false);
    }
  };

  if (editing === null) {
    return (
      <div className="ps-ed-name">
        <span className="ps-ed-name-text" title={name} data-testid="project-name">
          {name}
        </span>
        <Button
          size="mini"
          basic
          compact
          className="ps-ed-ghost"
          data-testid="project-rename"
          title={t('top.rename')}
          onClick={() => setEditing(name)}
        >
          <Icon name="pencil" />
          <span className="ps-ed-label">{t('top.rename')}</span>
        </Button>
      </div>
    );
  }
  return (
    <form
      className="ps-ed-name is-editing"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Input
        size="mini"
        autoFocus
        value={editing}
        maxLength={FIELD_MAX}
        error={(editing ?? '').trim().length > PROJECT_NAME_MAX}
        title={t('top.nameCount', { n: (editing ?? '').trim().length, max: PROJECT_NAME_MAX })}
        disabled={busy}
        data-testid="project-name-input"
        onChange={(_, data) => setEditing(String(data.value))}
        onKeyDown={(e: React.KeyboardEvent) => e.key === 'Escape' && setEditing(null)}
      />
      <Button size="mini" primary compact type="submit" loading={busy} data-testid="project-rename-save">
        {t('top.renameSave')}
      </Button>
      <Button size="mini" compact type="button" className="ps-ed-ghost" onClick={() => setEditing(null)}>
        {t('top.renameCancel')}
      </Button>
    </form>
  );
}
