import { memo } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import type { ProjectDocument } from '../../../model/project';
import { formatClock, type ProjectTimeline } from '../../../model/project/projectTimeline';
import { resolveServerUrl } from '../../config';
import { seek, stagePageAt } from '../../state/threePlayback';

/** The project's pages beside the stage: start time, length, audio state; a click jumps to the page. */
export const PageList = memo(function PageList({
  doc,
  timeline,
}: {
  doc: ProjectDocument;
  timeline: ProjectTimeline;
}) {
  useSignals();
  const { t } = useTranslation('three');
  const current = stagePageAt.value;
  return (
    <div className="ps-three-pages" data-testid="three-pages">
      <div className="ps-three-pages-title">{t('listTitle')}</div>
      {timeline.pages.map((tp) => {
        const page = doc.ppt.pages[tp.at];
        const thumb = page?.icon || page?.img;
        return (
          <button
            type="button"
            key={tp.at}
            className={`ps-three-page${tp.at === current ? ' is-current' : ''}`}
            data-testid={`three-page-${tp.at + 1}`}
            onClick={() => seek(tp.startMs)}
          >
            <span className="ps-three-page-thumb">
              {thumb ? <img src={resolveServerUrl(thumb)} alt="" /> : <span>{tp.at + 1}</span>}
            </span>
            <span className="ps-three-page-body">
              <span className="ps-three-page-head">
                <strong>{t('pageOf', { n: tp.at + 1, total: timeline.pages.length })}</strong>
                <span className="ps-three-page-time">
                  {formatClock(tp.startMs)} · {((tp.endMs - tp.startMs) / 1000).toFixed(1)}s
                </span>
              </span>
              <span className="ps-three-page-tags">
                {tp.silent || tp.partial ? (
                  <span className="ps-three-tag is-warning">
                    {t(tp.silent ? 'statusSilent' : 'statusPartial')}
                  </span>
                ) : (
                  <span className="ps-three-tag is-ok">{t('statusVoice')}</span>
                )}
                {tp.video && (
                  <span className="ps-three-tag">{tp.video.muted ? t('statusMuted') : t('statusVideo')}</span>
                )}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
});
