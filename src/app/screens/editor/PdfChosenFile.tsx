import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Icon, Loader, Progress } from 'semantic-ui-react';
import { pdfLocal, type PdfUpload } from '../../state/editorPdf';
import { THUMB_CSS_WIDTH } from '../../../workers/pdfCheck';
import './pdfChosenFile.css';

/** Percent of the bar: upload percent, then pages rasterised by the server. */
function barPercent(upload: PdfUpload): number {
  if (upload.phase === 'reading') return 0;
  if (upload.phase === 'uploading') return upload.percent;
  return Math.round((upload.pagesDone * 100) / Math.max(1, upload.pageCount));
}

/**
 * The file being added, as soon as it is chosen: its name and page count and a strip of its first
 * pages (read in the browser), with the upload's progress beside them.
 */
export function PdfChosenFile({ upload }: { upload: PdfUpload }) {
  useSignals();
  const { t } = useTranslation('editor');
  const local = pdfLocal.value;
  const pageCount = local?.pageCount || upload.pageCount;
  const thumbs = local?.thumbs ?? [];
  const more = pageCount - thumbs.length;

  let status: string;
  if (upload.phase === 'reading') status = t('pdf.reading');
  else if (upload.phase === 'uploading') status = t('pdf.uploading', { percent: upload.percent });
  else status = t('pdf.rasterising', { done: upload.pagesDone, total: upload.pageCount || '…' });

  return (
    <div className="ps-ed-pdf-chosen" data-testid="pdf-upload-progress" data-phase={upload.phase}>
      <div className="ps-ed-pdf-chosen-head">
        <Icon name="file pdf outline" color="red" size="large" />
        <strong title={upload.name}>{upload.name}</strong>
        {pageCount > 0 && (
          <span className="ps-ed-pdf-chosen-count" data-testid="pdf-local-pages">
            {t('pdf.pageCount', { count: pageCount })}
          </span>
        )}
        <span className="ps-ed-pdf-chosen-status">{status}</span>
      </div>
      <Progress
        percent={barPercent(upload)}
        size="tiny"
        color={upload.phase === 'rasterising' ? 'teal' : 'blue'}
        active={upload.phase !== 'reading'}
      />
      <div className="ps-ed-pdf-strip" data-testid="pdf-local-thumbs">
        {thumbs.map((thumb) => (
          <figure key={thumb.page} data-testid={`pdf-local-thumb-${thumb.page}`}>
            <img
              src={thumb.url}
              alt=""
              width={THUMB_CSS_WIDTH}
              height={Math.round((thumb.height * THUMB_CSS_WIDTH) / thumb.width)}
            />
            <figcaption>{thumb.page}</figcaption>
          </figure>
        ))}
        {thumbs.length === 0 && <Loader active inline size="small" />}
        {thumbs.length > 0 && more > 0 && (
          <span className="ps-ed-pdf-strip-more">{t('pdf.morePages', { count: more })}</span>
        )}
      </div>
    </div>
  );
}
