import type { ReactNode } from 'react';
import {
  Icon,
  Modal,
  type SemanticCOLORS,
  type SemanticICONS,
  type StrictModalProps,
} from 'semantic-ui-react';

/**
 * A studio dialog: a Semantic modal whose header is an icon and a title (and, after them, `extra`,
 * e.g. a hint or the page number). Every other prop (data-* attributes too) goes to the modal as it is.
 */
export function TitledModal({
  icon,
  iconColor,
  title,
  extra,
  children,
  ...modal
}: Omit<StrictModalProps, 'children'> & {
  icon: SemanticICONS;
  iconColor?: SemanticCOLORS;
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal {...modal}>
      <Modal.Header>
        <Icon name={icon} color={iconColor} />
        {title}
        {extra}
      </Modal.Header>
      {children}
    </Modal>
  );
}
