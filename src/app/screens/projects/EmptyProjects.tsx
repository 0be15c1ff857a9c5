import { useTranslation } from 'react-i18next';
import { Button } from 'semantic-ui-react';
import { publicAsset } from '../../config';
import { useCreateProject } from './CreateActions';

/** Empty list: an illustration, an invitation, and the create buttons of the kinds on offer. */
export function EmptyProjects({ text, kinds }: { text: string; kinds: ('text' | 'voice')[] }) {
  const { t } = useTranslation('home');
  const { creating, create } = useCreateProject();
  return (
    <div className="ps-empty-state">
      <img src={publicAsset('empty.svg')} alt="" />
      <h3>{t('empty.title')}</h3>
      <p>{text}</p>
      <div className="ps-empty-actions">
        {kinds.map((kind) => (
          <Button
            key={kind}
            primary={kind === 'text'}
            basic={kind !== 'text'}
            icon={kind === 'text' ? 'file alternate outline' : 'microphone'}
            content={t(`create.${kind}`)}
            loading={creating === kind}
            disabled={creating !== null}
            onClick={() => void create(kind)}
            data-testid={`empty-create-${kind}`}
          />
        ))}
      </div>
    </div>
  );
}
