import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Icon, Loader, Message } from 'semantic-ui-react';
import {
  closeThreeProject,
  openThreeProject,
  threeError,
  threeLoading,
  threeProject,
  threeTimeline,
} from '../../state/threePreview';
import { PageHeader } from '../PageHeader';
import { ProjectPicker } from './ProjectPicker';
import { ThreePlayer } from './ThreePlayer';
import './three.css';

/** A positive whole project id from the query, null when absent, NaN when present but invalid. */
function projectIdOf(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : NaN;
}

/**
 * /three 全片预览 (?projectId=N): the whole project played on the stage before any render; without
 * a project id, a picker of the user's projects.
 */
export function ThreePage() {
  useSignals();
  const { t } = useTranslation('three');
  const { t: tRoute } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = projectIdOf(params.get('projectId'));
  const valid = id !== null && !Number.isNaN(id);

  useEffect(() => {
    if (valid) void openThreeProject(id);
    return closeThreeProject;
  }, [id, valid]);

  const project = threeProject.value;
  const timeline = threeTimeline.value;

  return (
    <div className="ps-page ps-three" data-testid="page-three">
      <PageHeader
        icon="film"
        title={project ? `${tRoute('route.three')} · ${project.name}` : tRoute('route.three')}
        description={t('pageDesc')}
      >
        {valid && (
          <>
            <Button basic data-testid="three-other" onClick={() => navigate('/three')}>
              <Icon name="th large" />
              {t('otherProject')}
            </Button>
            {project && (
              <Button primary data-testid="three-back" onClick={() => navigate(`/video?videoid=${id}`)}>
                <Icon name="edit outline" />
                {t('back')}
              </Button>
            )}
          </>
        )}
      </PageHeader>
      {!valid ? (
        <ProjectPicker invalid={Number.isNaN(id)} onPick={(pick) => navigate(`/three?projectId=${pick}`)} />
      ) : threeLoading.value ? (
        <Loader active inline="centered" content={t('loading')} data-testid="three-loading" />
      ) : threeError.value ? (
        <Message error data-testid="three-error" content={t('failed', { reason: threeError.value })} />
      ) : project && timeline ? (
        <ThreePlayer doc={project.doc} timeline={timeline} />
      ) : null}
    </div>
  );
}
