import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import { DEFAULT_AVATAR } from '../../config';
import { allProjects, projectsToPoll } from '../../state/projects';
import { avatar, name } from '../../state/session';
import { loadVideoTotal, videoTotal } from '../../state/videos';
import { CreateActions } from '../projects/CreateActions';
import { EmptyProjects } from '../projects/EmptyProjects';
import { greetingKey } from '../projects/format';
import { ProjectListPanel } from '../projects/ProjectListPanel';
import { useOnShow, useViewActive } from '../projects/usePolling';
import '../projects/projects.css';

function Stat({
  icon,
  label,
  value,
  testId,
}: {
  icon: SemanticICONS;
  label: string;
  value: string;
  testId: string;
}) {
  return (
    <div className="ps-stat" data-testid={testId}>
      <Icon name={icon} />
      <div>
        <strong>{value}</strong>
        <span>{label}</span>
      </div>
    </div>
  );
}

/** Home centre: greeting and stats, the two create actions, and the user's projects. */
export function HomeScreen() {
  useSignals();
  const { t } = useTranslation('home');
  const active = useViewActive('/');
  useOnShow(active, () => void loadVideoTotal());
  const composing = projectsToPoll(allProjects.items.value, allProjects.statuses.value).length;
  const loaded = allProjects.loaded.value;
  return (
    <div className="ps-page" data-testid="page-home">
      <section className="ps-home-hero">
        <img className="ps-home-avatar" src={avatar.value || DEFAULT_AVATAR} alt="" />
        <div className="ps-home-hello">
          <h1 data-testid="page-title">
            {t(`greeting.${greetingKey(new Date().getHours())}`, { name: name.value })}
          </h1>
          <p>{t('intro')}</p>
        </div>
        <div className="ps-home-stats">
          <Stat
            icon="folder open outline"
            label={t('stats.projects')}
            value={loaded ? String(allProjects.count.value) : '–'}
            testId="stat-projects"
          />
          <Stat
            icon="film"
            label={t('stats.videos')}
            value={videoTotal.value === null ? '–' : String(videoTotal.value)}
            testId="stat-videos"
          />
          <Stat
            icon="sync"
            label={t('stats.composing')}
            value={loaded ? String(composing) : '–'}
            testId="stat-composing"
          />
        </div>
      </section>
      <h2 className="ps-section-title">
        {t('create.title')}
        <Link className="ps-demo-browse" to="/demo" data-testid="home-browse-demos">
          <Icon name="play circle outline" />
          {t('demo.browse')}
        </Link>
      </h2>
      <CreateActions />
      <ProjectListPanel
        list={allProjects}
        path="/"
        title={t('list.title')}
        empty={<EmptyProjects text={t('empty.text')} kinds={['text', 'voice']} />}
      />
    </div>
  );
}
