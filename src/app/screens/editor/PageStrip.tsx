import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { addPage, deletePage, duplicatePage, messages, type Page } from '../../../model/project';
import { resolveServerUrl } from '../../config';
import { confirmDialog } from '../../state/confirm';
import { currentPage, doc } from '../../state/editor';
import { editPages, goToPage } from '../../state/editorNarration';
import { showMessage } from '../../state/messages';
import { PageActionButton } from './PageActionButton';
import { RetryImage } from './RetryImage';
import { PageVideoActions, PageVideoBadge } from './video/PageVideoActions';

async function removePage(at: number, done: string): Promise<void> {
  const yes = await confirmDialog({
    title: '提示',
    content: messages.confirmDeletePage,
    confirmText: '确定',
    cancelText: '取消',
    testId: 'confirm-delete-page',
  });
  if (!yes) return void showMessage('info', messages.deleteCancelled);
  const result = editPages(deletePage, at);
  if (!result.ok) showMessage('error', result.error);
  else showMessage('success', done);
}

// The copy opens on its own (duplicatePage shows the page it made).
function copyPage(at: number): void {
  const result = editPages(duplicatePage, at);
  if (!result.ok) showMessage('error', result.error);
}

/** The page strip: thumbnails with index/total and time, copy and delete per page, add page. */
export function PageStrip() {
  useSignals();
  const { t } = useTranslation('editor');
  const pages = doc.value?.ppt.pages ?? [];
  const active = currentPage.value;
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    list.current?.querySelector('.is-active')?.scrollIntoView?.({ block: 'nearest' });
  }, [active, pages.length]);

  const onAdd = () => editPages(addPage);

  return (
    <aside className="ps-ed-strip" data-testid="page-strip">
      <div className="ps-ed-strip-head">
        <span>{t('strip.title')}</span>
        <span className="ps-ed-muted" data-testid="page-strip-count">
          {pages.length}
        </span>
      </div>
      <div className="ps-ed-strip-list" ref={list}>
        {pages.map((p, i) => (
          <PageItem
            key={i}
            page={p}
            at={i}
            total={pages.length}
            active={i === active}
            labels={{ copy: t('strip.copy'), delete: t('strip.delete'), noSlide: t('strip.noSlide') }}
            onDelete={() => void removePage(i, t('strip.deleted'))}
          />
        ))}
      </div>
      <button type="button" className="ps-ed-strip-add" data-testid="page-add" onClick={onAdd}>
        <Icon name="plus" />
        {t('strip.add')}
      </button>
    </aside>
  );
}

interface ItemProps {
  page: Page;
  at: number;
  total: number;
  active: boolean;
  labels: { copy: string; delete: string; noSlide: string };
  onDelete(): void;
}

function PageItem({ page, at, total, active, labels, onDelete }: ItemProps) {
  const image = page.icon || page.img;
  return (
    <div
      className={`ps-ed-page${active ? ' is-active' : ''}`}
      role="button"
      tabIndex={0}
      aria-current={active}
      data-testid={`page-item-${at}`}
      onClick={() => !active && goToPage(at)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') goToPage(at);
      }}
    >
      <div className="ps-ed-page-thumb">
        {image ? (
          <RetryImage src={resolveServerUrl(image)} alt="" testId={`page-thumb-${at}`} />
        ) : (
          <span className="ps-ed-page-blank">{labels.noSlide}</span>
        )}
        <span className="ps-ed-page-index" data-testid={`page-index-${at}`}>
          {at + 1}/{total}
        </span>
        {page.formattedTime !== '0' && <span className="ps-ed-page-time">{page.formattedTime}s</span>}
        <PageVideoBadge page={page} at={at} />
        <div className="ps-ed-page-actions">
          <PageVideoActions page={page} at={at} />
          <PageActionButton
            label={labels.copy}
            icon="copy outline"
            testId={`page-copy-${at}`}
            onClick={() => copyPage(at)}
          />
          <PageActionButton
            label={labels.delete}
            icon="trash alternate outline"
            testId={`page-delete-${at}`}
            onClick={onDelete}
          />
        </div>
      </div>
      {page.name && <div className="ps-ed-page-name">{page.name}</div>}
    </div>
  );
}
