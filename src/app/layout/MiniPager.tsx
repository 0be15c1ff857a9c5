import { useTranslation } from 'react-i18next';
import { Pagination } from 'semantic-ui-react';

/**
 * The small page switcher under a dialog's list (no first/last buttons); nothing when the list
 * fits on one page.
 */
export function MiniPager(props: {
  className: string;
  page: number;
  pages: number;
  testId: string;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('home');
  if (props.pages <= 1) return null;
  return (
    <div className={props.className}>
      <Pagination
        aria-label={t('pager.label')}
        size="mini"
        activePage={props.page}
        totalPages={props.pages}
        firstItem={null}
        lastItem={null}
        data-testid={props.testId}
        onPageChange={(_, data) => props.onPage(Number(data.activePage))}
      />
    </div>
  );
}
