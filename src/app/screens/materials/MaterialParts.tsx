import { useTranslation } from 'react-i18next';
import { Icon, type SemanticICONS } from 'semantic-ui-react';
import type { MaterialItem } from '../../../api/material.contract';
import { removeMaterial } from '../../state/materials';

/** The empty state of one material list: its icon, what is missing and how to add some. */
export function MaterialEmpty({
  icon,
  title,
  testId,
}: {
  icon: SemanticICONS;
  title: string;
  testId: string;
}) {
  const { t } = useTranslation('materials');
  return (
    <div className="ps-mat-empty" data-testid={testId}>
      <Icon name={icon} size="big" />
      <strong>{title}</strong>
      <span>{t('emptyHint')}</span>
    </div>
  );
}

/** The delete button of one material (asks first, in removeMaterial). */
export function MaterialDeleteButton({ item, className }: { item: MaterialItem; className: string }) {
  const { t } = useTranslation('materials');
  return (
    <button
      type="button"
      className={className}
      title={t('delete')}
      aria-label={t('delete')}
      data-testid={`material-delete-${item.resourcesId}`}
      onClick={() => void removeMaterial(item)}
    >
      <Icon name="trash alternate outline" />
    </button>
  );
}
