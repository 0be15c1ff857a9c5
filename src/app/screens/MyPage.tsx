import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Button, Icon } from 'semantic-ui-react';
import { DEFAULT_AVATAR } from '../config';
import { avatarDialogOpen, passwordDialogOpen } from '../state/dialogs';
import { avatar, introduction, name, points, user } from '../state/session';
import { PageHeader } from './PageHeader';

/** My area: profile summary and the list of finished videos. */
export function MyPage() {
  useSignals();
  const { t } = useTranslation();
  return (
    <div className="ps-page" data-testid="page-my">
      <PageHeader icon="user circle" title={t('route.my')} description={t('routeDesc.my')} />
      <div className="ps-my-grid">
        <section className="ps-card ps-profile">
          <img className="ps-profile-avatar" src={avatar.value || DEFAULT_AVATAR} alt="" />
          <div className="ps-profile-info">
            <h3>{name.value}</h3>
            {user.value && <div className="ps-muted">@{user.value.username}</div>}
            {introduction.value && <p>{introduction.value}</p>}
            <div className="ps-profile-points">
              <Icon name="star" color="yellow" />
              {t('my.points')}：<strong>{points.value}</strong>
            </div>
            <div className="ps-profile-actions">
              <Button
                basic
                size="small"
                icon="image"
                content={t('my.changeAvatar')}
                onClick={() => (avatarDialogOpen.value = true)}
              />
              <Button
                basic
                size="small"
                icon="lock"
                content={t('my.changePassword')}
                onClick={() => (passwordDialogOpen.value = true)}
              />
            </div>
          </div>
        </section>
        <section className="ps-card">
          <h2 className="ps-section-title">{t('my.videos')}</h2>
          <div className="ps-empty ps-empty--compact">
            <div className="ps-empty-icon">
              <img src={`${import.meta.env.BASE_URL}empty.svg`} alt="" />
            </div>
            <p>{t('my.videosEmpty')}</p>
          </div>
        </section>
      </div>
    </div>
  );
}
