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
  if (props.pages <= 1) return null;
  return (
    <div className={props.className}>
      <Pagination
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
