import { useTranslation } from 'react-i18next';
import type { SemanticICONS } from 'semantic-ui-react';
import type { Translation } from '../i18n/zh';
import { PageHeader } from './PageHeader';

type FrameName = keyof Translation['routeDesc'];

const ICONS: Record<FrameName, SemanticICONS> = {
  home: 'home',
  helptool: 'magic',
  my: 'user circle',
  protext: 'file alternate outline',
  prowav: 'microphone',
  video: 'film',
  virtual: 'users',
  demo: 'play circle outline',
  three: 'cube',
  myvoice: 'sound',
  digitalPeople: 'user plus',
  subtitle: 'closed captioning outline',
};

/** Icon of a screen, shared by the frames and the home cards. */
export function screenIcon(name: FrameName): SemanticICONS {
  return ICONS[name];
}

/** A screen whose content arrives with a later release: its title and what it will hold. */
export function FramePage({ name }: { name: FrameName }) {
  const { t } = useTranslation();
  return (
    <div className="ps-page" data-testid={`page-${name}`}>
      <PageHeader icon={ICONS[name]} title={t(`route.${name}`)} description={t(`routeDesc.${name}`)} />
      <div className="ps-empty">
        <div className="ps-empty-icon">
          <img src={`${import.meta.env.BASE_URL}empty.svg`} alt="" />
        </div>
      </div>
    </div>
  );
}
