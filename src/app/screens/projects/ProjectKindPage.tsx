import { useTranslation } from 'react-i18next';
import { PageHeader } from '../PageHeader';
import { textProjects, voiceProjects } from '../../state/projects';
import { Button } from 'semantic-ui-react';
import { useCreateProject } from './CreateActions';
import { EmptyProjects } from './EmptyProjects';
import { ProjectListPanel } from './ProjectListPanel';
import './projects.css';

const KINDS = {
  text: { path: '/protext', route: 'protext', list: textProjects, icon: 'file alternate outline' },
  voice: { path: '/prowav', route: 'prowav', list: voiceProjects, icon: 'microphone' },
} as const;

/**
 * /protext and /prowav: the projects of one kind and a create action for it. A visit with
 * ?videoid=N is sent to the editor by the route's loader before this renders.
 */
export function ProjectKindPage({ kind }: { kind: 'text' | 'voice' }) {
  const { t } = useTranslation();
  const { t: th } = useTranslation('home');
  const k = KINDS[kind];
  const { creating, create } = useCreateProject();
  return (
    <div className="ps-page" data-testid={`page-${k.route}`}>
      <PageHeader icon={k.icon} title={t(`route.${k.route}`)} description={t(`routeDesc.${k.route}`)}>
        <Button
          primary
          size="large"
          icon={kind === 'text' ? 'file alternate outline' : 'microphone'}
          content={th(`create.${kind}`)}
          loading={creating === kind}
          disabled={creating !== null}
          onClick={() => void create(kind)}
          data-testid={`${k.route}-create`}
        />
      </PageHeader>
      <ProjectListPanel
        list={k.list}
        path={k.path}
        title={th(kind === 'text' ? 'list.titleText' : 'list.titleVoice')}
        showKind={false}
        empty={
          <EmptyProjects text={th(kind === 'text' ? 'empty.textKind' : 'empty.voiceKind')} kinds={[kind]} />
        }
      />
    </div>
  );
}
