import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown, Icon, Pagination } from 'semantic-ui-react';
import { PAGE_SIZES } from '../../state/projects';

interface Props {
  total: number;
  pageIndex: number;
  pageSize: number;
  onChange(pageIndex: number, pageSize: number): void;
  testId: string;
}

/** Table pagination of spec section 9: total, page size (10/20/30/50), prev, pager, next, jumper. */
export function Pager({ total, pageIndex, pageSize, onChange, testId }: Props) {
  const { t } = useTranslation('home');
  const [jump, setJump] = useState('');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = () => {
    const n = Number(jump);
    setJump('');
    if (Number.isInteger(n) && n >= 1) onChange(Math.min(n, pages), pageSize);
  };
  return (
    <div className="ps-pager" data-testid={testId}>
      <span className="ps-pager-total" data-testid={`${testId}-total`}>
        {t('pager.total', { total })}
      </span>
      <Dropdown
        className="ps-pager-size"
        selection
        compact
        data-testid={`${testId}-size`}
        value={pageSize}
        options={PAGE_SIZES.map((size) => ({
          key: size,
          value: size,
          text: t('pager.perPage', { size }),
        }))}
        onChange={(_, d) => onChange(1, Number(d.value))}
      />
      <Pagination
        aria-label={t('pager.label')}
        className="ps-pager-pages"
        activePage={pageIndex}
        totalPages={pages}
        boundaryRange={1}
        siblingRange={1}
        firstItem={null}
        lastItem={null}
        prevItem={{ content: <Icon name="angle left" />, 'aria-label': t('pager.prev') }}
        nextItem={{ content: <Icon name="angle right" />, 'aria-label': t('pager.next') }}
        onPageChange={(_, d) => onChange(Number(d.activePage), pageSize)}
      />
      <span className="ps-pager-jump">
        {t('pager.goto')}
        <input
          type="number"
          min={1}
          max={pages}
          value={jump}
          data-testid={`${testId}-jump`}
          onChange={(e) => setJump(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && go()}
          onBlur={() => jump && go()}
        />
        {t('pager.page')}
      </span>
    </div>
  );
}
