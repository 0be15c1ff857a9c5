import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { hasVideo, SOUND_MUTED, type Page } from '../../../../model/project';
import { showMessage } from '../../../state/messages';
import { PageActionButton } from '../PageActionButton';
import { deletePageVideo, toggleVideoSound, uploadVideoToPage, VIDEO_ACCEPT } from './pageVideo';
import './pageVideo.css';
import { HiddenFileInput } from '../../../layout/HiddenFileInput';
import { useUpload } from '../../../hooks/useUpload';

/**
 * The page-video buttons of one page in the strip: 插入视频 (.mp4, upload progress), and for a page
 * with a video 视频静音 / 开启声音 and 删除视频.
 */
export function PageVideoActions({ page, at }: { page: Page; at: number }) {
  const { t } = useTranslation('editor');
  const input = useRef<HTMLInputElement>(null);
  const { upload, run } = useUpload();
  const [busy, setBusy] = useState(false);
  const withVideo = hasVideo(page);
  const muted = page.isSound === SOUND_MUTED;

  const start = async (file: File | undefined) => {
    if (!file) return;
    const result = await run({}, (onProgress) => uploadVideoToPage(at, file, onProgress));
    if (result.ok) showMessage('success', t('pageVideo.uploaded'));
    else if (result.reason === 'invalid') showMessage('error', result.message);
  };

  const remove = async () => {
    setBusy(true);
    try {
      if (await deletePageVideo(at)) showMessage('success', t('pageVideo.deleted'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <HiddenFileInput
        ref={input}
        accept={VIDEO_ACCEPT}
        testId={`page-video-input-${at}`}
        stopClicks
        onPick={(file) => void start(file)}
      />
      <PageActionButton
        label={t('pageVideo.insert')}
        icon="video"
        testId={`page-video-insert-${at}`}
        disabled={upload !== null}
        onClick={() => input.current?.click()}
      />
      {withVideo && (
        <PageActionButton
          label={muted ? t('pageVideo.unmute') : t('pageVideo.mute')}
          icon={muted ? 'volume off' : 'volume up'}
          testId={`page-video-sound-${at}`}
          onClick={() => toggleVideoSound(at)}
        />
      )}
      {withVideo && (
        <PageActionButton
          label={t('pageVideo.delete')}
          icon="eraser"
          testId={`page-video-delete-${at}`}
          disabled={busy}
          onClick={() => void remove()}
        />
      )}
      {upload && (
        <span className="ps-page-video-progress" data-testid={`page-video-progress-${at}`}>
          {t('pageVideo.uploading', { percent: upload.percent })}
        </span>
      )}
    </>
  );
}

/** The small badge on the thumbnail of a page with a video (a crossed speaker when muted). */
export function PageVideoBadge({ page, at }: { page: Page; at: number }) {
  const { t } = useTranslation('editor');
  if (!hasVideo(page)) return null;
  return (
    <span className="ps-page-video-badge" data-testid={`page-video-badge-${at}`} title={t('pageVideo.badge')}>
      <Icon name="video" fitted />
      {page.isSound === SOUND_MUTED && <Icon name="volume off" fitted />}
    </span>
  );
}
