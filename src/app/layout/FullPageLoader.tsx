import { useTranslation } from 'react-i18next';

/** Shown while the first navigation is being checked (user info loading). */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div className="ps-fullpage-loader" role="status" aria-live="polite">
      <div className="ps-spinner" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
