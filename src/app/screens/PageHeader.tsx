import type { ReactNode } from 'react';
import { Icon, type SemanticICONS } from 'semantic-ui-react';

interface Props {
  icon: SemanticICONS;
  title: string;
  description: string;
  children?: ReactNode;
}

/** Title block at the top of a screen: icon, page title, one-line description, optional actions. */
export function PageHeader({ icon, title, description, children }: Props) {
  return (
    <div className="ps-page-header">
      <div className="ps-page-icon">
        <Icon name={icon} />
      </div>
      <div className="ps-page-heading">
        <h1 data-testid="page-title">{title}</h1>
        <p>{description}</p>
      </div>
      {children && <div className="ps-page-actions">{children}</div>}
    </div>
  );
}
