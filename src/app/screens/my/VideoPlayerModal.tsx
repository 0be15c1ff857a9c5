import { useTranslation } from 'react-i18next';
import { Icon, Modal } from 'semantic-ui-react';
import { TitledModal } from '../../layout/TitledModal';
import type { VideoItem } from '../../../api/compose.contract';
import { resolveServerUrl } from '../../config';
import { downloadName, formatDuration, formatResolution, formatSize } from '../projects/format';

/** The finished video in an HTML5 player, with its facts and a download link. */
export function VideoPlayerModal({ video, onClose }: { video: VideoItem | null; onClose(): void }) {
  const { t } = useTranslation('home');
  if (!video?.video) return null;
  const url = resolveServerUrl(video.video.url);
  const portrait = video.video.height > video.video.width;
  return (
    <TitledModal
      open
      onClose={onClose}
      size={portrait ? 'tiny' : 'large'}
      closeIcon
      data-testid="video-player-dialog"
      icon="film"
      title={video.projectName}
    >
      <Modal.Content className="ps-player">
        <video
          key={url}
          src={url}
          controls
          autoPlay
          playsInline
          className={portrait ? 'ps-player-video ps-player-video--portrait' : 'ps-player-video'}
          data-testid="video-player"
        />
      </Modal.Content>
      <Modal.Actions className="ps-player-actions">
        <span className="ps-muted">
          {formatDuration(video.video.durationMs)} · {formatResolution(video.video.width, video.video.height)}{' '}
          · {formatSize(video.video.size)}
        </span>
        <a
          className="ui primary button"
          href={url}
          download={downloadName(video.projectName, video.jobId)}
          data-testid="video-player-download"
        >
          <Icon name="download" />
          {t('my.download')}
        </a>
      </Modal.Actions>
    </TitledModal>
  );
}
