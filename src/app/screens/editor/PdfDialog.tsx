import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, Loader, Modal } from 'semantic-ui-react';
import { MiniPager } from '../../layout/MiniPager';
import { TitledModal } from '../../layout/TitledModal';
import type { PptItem } from '../../../api/ppt.contract';
import { resolveServerUrl } from '../../config';
import { doc } from '../../state/editor';
import {
  closePdfDialog,
  loadPdfList,
  PDF_PAGE_SIZE,
  pdfCount,
  pdfDialogOpen,
  pdfList,
  pdfListLoading,
  pdfPageIndex,
  pdfUpload,
  removePdf,
  uploadPdfFile,
  chooseNoPdf,
  choosePdf,
} from '../../state/editorPdf';
import { PdfChosenFile } from './PdfChosenFile';
import { RetryImage } from './RetryImage';
import { useFileDrop } from '../../hooks/useFileDrop';
import { HiddenFileInput } from '../../layout/HiddenFileInput';

/** While a listed deck is still being rasterised, the list refreshes this often. */
const LIST_REFRESH_MS = 2000;

/**
 * PDF管理: upload (the chosen file's pages read in the browser at once, then upload percent and
 * pages rasterised), 无需PDF, and the paged list of earlier PDFs.
 */
export function PdfDialog() {
  useSignals();
  const { t } = useTranslation('editor');
  const input = useRef<HTMLInputElement>(null);
  const open = pdfDialogOpen.value;
  const upload = pdfUpload.value;
  const busy = upload !== null;
  const processing = pdfList.value.some((item) => item.status === 'processing');

  useEffect(() => {
    if (!open || !processing) return;
    const timer = setInterval(() => void loadPdfList(pdfPageIndex.peek(), true), LIST_REFRESH_MS);
    return () => clearInterval(timer);
  }, [open, processing]);

  const pick = (file: File | undefined) => {
    if (file && !busy) void uploadPdfFile(file).then((item) => item && void choosePdf(item));
  };
  const { dragging, dropHandlers } = useFileDrop(pick, busy);
  const pages = Math.max(1, Math.ceil(pdfCount.value / PDF_PAGE_SIZE));

  return (
    <TitledModal
      open={open}
      size="small"
      className="ps-ed-pdf-dialog"
      closeIcon={!busy}
      closeOnDimmerClick={!busy}
      onClose={() => !busy && closePdfDialog()}
      data-testid="pdf-dialog"
      icon="file pdf outline"
      iconColor="red"
      title={t('pdf.title')}
    >
      <Modal.Content>
        {upload ? (
          <PdfChosenFile upload={upload} />
        ) : (
          <div className="ps-ed-pdf-top">
            <div
              className={`ps-ed-pdf-drop${dragging ? ' is-dragging' : ''}`}
              role="button"
              tabIndex={0}
              data-testid="pdf-upload"
              onClick={() => input.current?.click()}
              onKeyDown={(e) => e.key === 'Enter' && input.current?.click()}
              {...dropHandlers}
            >
              <HiddenFileInput
                ref={input}
                accept=".pdf,application/pdf"
                testId="pdf-upload-input"
                onPick={pick}
              />
              <Icon name="cloud upload" size="big" />
              <strong>{t('pdf.upload')}</strong>
              <span>{t('pdf.uploadHint')}</span>
            </div>
            <button type="button" className="ps-ed-pdf-none" data-testid="pdf-none" onClick={chooseNoPdf}>
              <Icon name="file outline" size="big" />
              <strong>{t('pdf.noPdf')}</strong>
              <span>{t('pdf.noPdfHint')}</span>
            </button>
          </div>
        )}

        <div className="ps-ed-pdf-list-head">
          <span>{t('pdf.history')}</span>
          <span className="ps-ed-muted">{pdfCount.value}</span>
        </div>
        <div className="ps-ed-pdf-list" data-testid="pdf-list">
          {pdfListLoading.value && pdfList.value.length === 0 ? (
            <Loader active inline="centered" />
          ) : pdfList.value.length === 0 ? (
            <div className="ps-ed-pdf-empty" data-testid="pdf-list-empty">
              <Icon name="folder open outline" size="large" />
              {t('pdf.empty')}
            </div>
          ) : (
            pdfList.value.map((item) => (
              <PdfCard key={item.id} item={item} inUse={item.uuidStr === doc.value?.ppt.uuid} />
            ))
          )}
        </div>
        <MiniPager
          className="ps-ed-pdf-pager"
          page={pdfPageIndex.value}
          pages={pages}
          testId="pdf-pager"
          onPage={(n) => void loadPdfList(n)}
        />
      </Modal.Content>
    </TitledModal>
  );
}

function PdfCard({ item, inUse }: { item: PptItem; inUse: boolean }) {
  const { t } = useTranslation('editor');
  const ready = item.status === 'ready';
  return (
    <div
      className={`ps-ed-pdf-card${ready ? '' : ' is-disabled'}${inUse ? ' is-in-use' : ''}`}
      role="button"
      tabIndex={ready ? 0 : -1}
      aria-disabled={!ready}
      data-testid={`pdf-item-${item.id}`}
      data-status={item.status}
      title={item.name}
      onClick={() => ready && void choosePdf(item)}
      onKeyDown={(e) => e.key === 'Enter' && ready && void choosePdf(item)}
    >
      <div className="ps-ed-pdf-thumb">
        {item.thumb ? (
          <RetryImage src={resolveServerUrl(item.thumb)} alt="" />
        ) : (
          <Icon name="file pdf outline" size="huge" />
        )}
        {inUse && <span className="ps-ed-pdf-badge">{t('pdf.inUse')}</span>}
        {item.status === 'processing' && (
          <span className="ps-ed-pdf-state">
            <Loader active inline size="mini" inverted />
            {t('pdf.processing', { done: item.pagesDone, total: item.pageCount })}
          </span>
        )}
        {item.status === 'failed' && (
          <span className="ps-ed-pdf-state is-failed" title={item.error}>
            {t('pdf.failed')}
          </span>
        )}
        <button
          type="button"
          className="ps-ed-pdf-delete"
          aria-label={t('pdf.delete')}
          title={t('pdf.delete')}
          data-testid={`pdf-delete-${item.id}`}
          onClick={(e) => {
            e.stopPropagation();
            void removePdf(item);
          }}
        >
          <Icon name="trash alternate outline" />
        </button>
      </div>
      <div className="ps-ed-pdf-name">
        <span>{item.name}</span>
        <span className="ps-ed-muted">{t('pdf.pages', { count: item.pageCount })}</span>
      </div>
    </div>
  );
}
