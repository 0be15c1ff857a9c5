import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button, Icon } from 'semantic-ui-react';
import type { VideoItem } from '../../../api/compose.contract';
import { resolveServerUrl } from '../../config';
import { normalizeState } from '../../state/projects';
import { ComposeStatusView } from '../projects/ComposeStatusView';
import {
  downloadName,
  editorPath,
  formatDateTime,
  formatDuration,
  formatResolution,
  formatSize,
} from '../projects/format';

interface Props {
  video: VideoItem;
  busy: boolean;
  /** The project's newest render: only then can it be rendered again from here. */
  latest: boolean;
  onPlay(video: VideoItem): void;
  onRecompose(video: VideoItem): void;
  onCancel(video: VideoItem): void;
}

/** One render in 我的: a frame of the video (or its progress/failure), facts and actions. */
export function VideoCard({ video, busy, latest, onPlay, onRecompose, onCancel }: Props) {
  const { t } = useTranslation('home');
  const state = normalizeState(video.status);
  const key = video.jobId ?? `p${video.projectId}`;
  const url = video.video ? resolveServerUrl(video.video.url) : '';
  const portrait = !!video.video && video.video.height > video.video.width;
  return (
    <article
      className={`ps-video-card ps-video-card--${state}`}
      data-testid={`video-item-${key}`}
      data-state={state}
    >
      {state === 'done' && url ? (
        <button
          type="button"
          className={`ps-video-thumb${portrait ? ' ps-video-thumb--portrait' : ''}`}
          onClick={() => onPlay(video)}
          data-testid={`video-play-${key}`}
          aria-label={t('my.play')}
        >
          <video src={`${url}#t=0.5`} preload="metadata" muted playsInline tabIndex={-1} />
          <span className="ps-video-play">
            <Icon name="play" />
          </span>
          <span className="ps-video-duration">{formatDuration(video.video!.durationMs)}</span>
        </button>
      ) : (
        <div className={`ps-video-thumb ps-video-thumb--${state}`}>
          <ComposeStatusView state={state} status={video} testId={`video-status-${key}`} />
        </div>
      )}
      <div className="ps-video-body">
        <h3 title={video.projectName}>{video.projectName}</h3>
        {state === 'done' && video.video ? (
          <dl className="ps-video-facts">
            <div>
              <dt>{t('my.duration')}</dt>
              <dd>{formatDuration(video.video.durationMs)}</dd>
            </div>
            <div>
              <dt>{t('my.size')}</dt>
              <dd>{formatSize(video.video.size)}</dd>
            </div>
            <div>
              <dt>{t('my.resolution')}</dt>
              <dd>{formatResolution(video.video.width, video.video.height)}</dd>
            </div>
          </dl>
        ) : null}
        <div className="ps-video-created ps-muted">
          <Icon name="clock outline" />
          {t('my.created')} {formatDateTime(video.createdAt)}
        </div>
        <div className="ps-video-actions">
          {state === 'done' && url && (
            <a
              className="ui small primary button"
              href={url}
              download={downloadName(video.projectName, video.jobId)}
              data-testid={`video-download-${key}`}
            >
              <Icon name="download" />
              {t('my.download')}
            </a>
          )}
          {latest && (state === 'failed' || state === 'cancelled') && (
            <Button
              size="small"
              primary
              icon="redo"
              content={t('my.recompose')}
              loading={busy}
              disabled={busy}
              onClick={() => onRecompose(video)}
              data-testid={`video-recompose-${key}`}
            />
          )}
          {(state === 'queued' || state === 'rendering') && (
            <Button
              size="small"
              basic
              icon="stop circle outline"
              content={t('my.cancel')}
              loading={busy}
              disabled={busy}
              onClick={() => onCancel(video)}
              data-testid={`video-cancel-${key}`}
            />
          )}
          <Link
            className="ui small basic button"
            to={editorPath(video.projectId)}
            data-testid={`video-open-${key}`}
          >
            <Icon name="edit outline" />
            {t('my.openProject')}
          </Link>
        </div>
      </div>
    </article>
  );
}
