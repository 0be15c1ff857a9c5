import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from 'semantic-ui-react';
import { name } from '../state/session';
import { screenIcon } from './FramePage';
import { PageHeader } from './PageHeader';

const CREATE = [
  { to: '/protext', key: 'textVideo', icon: screenIcon('protext'), tone: 'indigo' },
  { to: '/prowav', key: 'voiceVideo', icon: screenIcon('prowav'), tone: 'teal' },
  { to: '/helptool', key: 'helptool', icon: screenIcon('helptool'), tone: 'orange' },
] as const;

/** Home centre: start a new project, see recent ones. */
export function HomePage() {
  useSignals();
  const { t } = useTranslation();
  return (
    <div className="ps-page" data-testid="page-home">
      <PageHeader
        icon="home"
        title={t('home.greeting', { name: name.value })}
        description={t('routeDesc.home')}
      />
      <h2 className="ps-section-title">{t('home.createTitle')}</h2>
      <div className="ps-create-grid">
        {CREATE.map((c) => (
          <Link
            key={c.key}
            to={c.to}
            className={`ps-create-card ps-tone-${c.tone}`}
            data-testid={`home-create-${c.key}`}
          >
            <div className="ps-create-icon">
              <Icon name={c.icon} size="large" />
            </div>
            <div className="ps-create-text">
              <h3>{t(`home.${c.key}`)}</h3>
              <p>{t(`home.${c.key}Desc`)}</p>
            </div>
            <span className="ps-create-go">
              {t('home.start')}
              <Icon name="arrow right" />
            </span>
          </Link>
        ))}
      </div>
      <h2 className="ps-section-title">{t('home.recentTitle')}</h2>
      <div className="ps-empty ps-empty--compact">
        <div className="ps-empty-icon">
          <img src={`${import.meta.env.BASE_URL}empty.svg`} alt="" />
        </div>
        <p>{t('home.recentEmpty')}</p>
      </div>
    </div>
  );
}
