import { useSignals } from '@preact/signals-react/runtime';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Dropdown, Icon } from 'semantic-ui-react';
import { DEFAULT_AVATAR } from '../config';
import { currentLanguage, setLanguage } from '../i18n';
import type { AppLanguage } from '../i18n/detectLanguage';
import { avatarDialogOpen, passwordDialogOpen } from '../state/dialogs';
import { openPointsDialog } from '../state/points';
import { showMessage } from '../state/messages';
import { avatar, getInfo, logout, name, points } from '../state/session';
import { throttle } from '../state/throttle';

/** User info and points are refreshed on avatar hover at most this often (spec section 9). */
export const HOVER_REFRESH_MS = 2000;

const LANGUAGES: { lang: AppLanguage; label: string }[] = [
  { lang: 'zh', label: '简体中文' },
  { lang: 'en', label: 'English' },
];

/** Avatar + username dropdown: change avatar, change password, points, language, log out. */
export function UserMenu() {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useMemo(
    () => throttle(() => void getInfo({ quiet: true }).catch(() => undefined), HOVER_REFRESH_MS),
    [],
  );

  const onLogout = async () => {
    await logout();
    navigate('/login');
    showMessage('success', t('logout.done'));
  };

  const trigger = (
    <span className="ps-user-trigger" data-testid="user-menu-trigger" onMouseEnter={() => refresh()}>
      <img
        className="ps-avatar"
        src={avatar.value || DEFAULT_AVATAR}
        alt=""
        data-testid="user-avatar"
        onError={(e) => {
          if (!e.currentTarget.src.endsWith(DEFAULT_AVATAR)) e.currentTarget.src = DEFAULT_AVATAR;
        }}
      />
      <span className="ps-username" data-testid="user-name">
        {name.value}
      </span>
      {/* Spec 1: the top bar shows avatar, username and points. */}
      <span className="ps-points-chip" data-testid="user-points-top" title={t('menu.points')}>
        <Icon name="star" color="yellow" />
        {points.value}
      </span>
    </span>
  );

  return (
    <Dropdown
      trigger={trigger}
      pointing="top right"
      icon="angle down"
      className="ps-user-menu"
      data-testid="user-menu"
    >
      <Dropdown.Menu>
        <Dropdown.Item
          icon="camera"
          text={t('menu.avatar')}
          data-testid="menu-avatar"
          onClick={() => (avatarDialogOpen.value = true)}
        />
        <Dropdown.Item
          icon="lock"
          text={t('menu.password')}
          data-testid="menu-password"
          onClick={() => (passwordDialogOpen.value = true)}
        />
        <Dropdown.Item data-testid="menu-points" onClick={openPointsDialog}>
          <Icon name="star" color="yellow" />
          {t('menu.points')}
          <span className="ps-points" data-testid="user-points">
            {points.value}
          </span>
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Header icon="language" content={t('menu.language')} />
        {LANGUAGES.map(({ lang, label }) => (
          <Dropdown.Item
            key={lang}
            active={currentLanguage() === lang}
            data-testid={`menu-lang-${lang}`}
            onClick={() => setLanguage(lang)}
          >
            {label}
            {currentLanguage() === lang && <Icon name="check" className="ps-right" />}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        <Dropdown.Item
          icon="sign-out"
          text={t('menu.logout')}
          data-testid="menu-logout"
          onClick={() => void onLogout()}
        />
      </Dropdown.Menu>
    </Dropdown>
  );
}
