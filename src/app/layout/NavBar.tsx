import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { publicAsset } from '../config';
import { permittedRoutes } from '../state/routes';
import { UserMenu } from './UserMenu';

/** Top navigation bar: logo (to /), the three sections, and the user menu. */
export function NavBar() {
  useSignals();
  const { t } = useTranslation();
  const items = permittedRoutes.value.filter((r) => r.meta.menu);
  return (
    <header className="ps-navbar" data-testid="navbar">
      <Link to="/" className="ps-brand" title={t('nav.logoTitle')} data-testid="nav-logo">
        <img src={publicAsset('logo.svg')} alt="" width={32} height={32} />
        <span>{t('app.name')}</span>
      </Link>
      <nav className="ps-menu">
        {items.map((route) => (
          <NavLink
            key={route.path}
            to={route.path}
            end
            className={({ isActive }) => `ps-menu-item${isActive ? ' active' : ''}`}
            data-testid={`nav-${route.name}`}
          >
            {t(`nav.${route.name as 'home' | 'helptool' | 'my'}`)}
          </NavLink>
        ))}
      </nav>
      <div className="ps-navbar-spacer" />
      <UserMenu />
    </header>
  );
}
