import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input, Modal } from 'semantic-ui-react';
import { PROJECT_NAME_MAX } from '../../../model/project';

/** The problem with a new project name, as a 'home' translation key, or null when it is fine. */
export function projectNameError(name: string): 'rename.required' | 'rename.tooLong' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'rename.required';
  if (trimmed.length > PROJECT_NAME_MAX) return 'rename.tooLong';
  return null;
}

interface Props {
  /** The project being renamed, or null when closed. */
  project: { projectId: number; name: string } | null;
  onClose(): void;
  onSave(projectId: number, name: string): Promise<void>;
}

/** Rename dialog: the current name selected, Enter saves, errors under the field. */
export function RenameDialog({ project, onClose, onSave }: Props) {
  const { t } = useTranslation('home');
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setValue(project?.name ?? '');
    setTouched(false);
  }, [project]);
  if (!project) return null;
  const error = projectNameError(value);
  const submit = async () => {
    setTouched(true);
    if (error) return;
    setSaving(true);
    try {
      await onSave(project.projectId, value.trim());
      onClose();
    } catch {
      // The client showed the server's message; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open size="tiny" onClose={onClose} data-testid="rename-dialog" closeIcon>
      <Modal.Header>{t('rename.title')}</Modal.Header>
      <Modal.Content>
        <Form onSubmit={() => void submit()}>
          <Form.Field error={touched && !!error}>
            <label htmlFor="ps-rename-input">{t('rename.label')}</label>
            <Input
              id="ps-rename-input"
              autoFocus
              fluid
              maxLength={PROJECT_NAME_MAX + 20}
              value={value}
              placeholder={t('rename.placeholder')}
              onChange={(e) => setValue(e.target.value)}
              onFocus={(e: React.FocusEvent<HTMLInputElement>) => e.target.select()}
              input={{ 'data-testid': 'rename-input' }}
            />
            {touched && error && <div className="ps-field-error">{t(error)}</div>}
          </Form.Field>
        </Form>
      </Modal.Content>
      <Modal.Actions>
        <Button onClick={onClose} data-testid="rename-cancel">
          {t('rename.cancel')}
        </Button>
        <Button
          primary
          loading={saving}
          disabled={saving}
          onClick={() => void submit()}
          data-testid="rename-save"
        >
          {t('rename.save')}
        </Button>
      </Modal.Actions>
    </Modal>
  );
}
