import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import { createProject } from '../../state/projects';
import { editorPath } from './format';

type Kind = 'text' | 'voice';

const LOOK: Record<Kind, { icon: SemanticICONS; tone: string }> = {
  text: { icon: 'file alternate outline', tone: 'indigo' },
  voice: { icon: 'microphone', tone: 'teal' },
};

/** Creates a project of the kind with its auto name and opens it in the editor. */
export function useCreateProject() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState<Kind | null>(null);
  const create = async (kind: Kind) => {
    if (creating) return;
    setCreating(kind);
    try {
      const id = await createProject(kind);
      if (id > 0) navigate(editorPath(id));
    } catch {
      // The client showed the server's message.
    } finally {
      setCreating(null);
    }
  };
  return { creating, create };
}

/** The big 新建文字视频 / 新建语音视频 actions. */
export function CreateActions({ kinds = ['text', 'voice'] }: { kinds?: Kind[] }) {
  const { t } = useTranslation('home');
  const { creating, create } = useCreateProject();
  return (
    <div className={`ps-create-actions ps-create-actions--${kinds.length}`}>
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          className={`ps-card-button ps-create-action ps-tone-${LOOK[kind].tone}`}
          data-testid={`home-create-${kind}`}
          disabled={creating !== null}
          onClick={() => void create(kind)}
        >
          <span className="ps-create-action-icon">
            <Icon name={creating === kind ? 'spinner' : LOOK[kind].icon} loading={creating === kind} />
          </span>
          <span className="ps-create-action-text">
            <strong>{t(`create.${kind}`)}</strong>
            <span>{t(`create.${kind}Desc`)}</span>
          </span>
          <span className="ps-create-action-go">
            {creating === kind ? t('create.creating') : t('create.go')}
            <Icon name="arrow right" />
          </span>
        </button>
      ))}
    </div>
  );
}
