import { useRef } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Progress } from 'semantic-ui-react';
import { hasPageAudio } from '../../../../model/project';
import { currentPage, doc, page } from '../../../state/editor';
import { previewNarration } from '../../../state/editorNarration';
import { playing } from '../../../state/narrationPlayback';
import { showMessage } from '../../../state/messages';
import { openRecorder } from '../../../state/recorder';
import {
  AUDIO_ACCEPT,
  checkAudioFile,
  deletePageAudio,
  formatAudioTime,
  uploadAudioToPage,
} from './pageAudioUpload';
import { useAudioName } from './useAudioName';
import './voice.css';
import { useUpload } from '../../../hooks/useUpload';
import { useFileDrop } from '../../../hooks/useFileDrop';
import { HiddenFileInput } from '../../../layout/HiddenFileInput';

/**
 * The narration panel of a voice page (istts 1): 上传音频 with the spec's checks and a progress
 * percent, the page's audio as a player row (试听 / 停止, 删除音频), and 录制音频.
 */
export function VoicePagePanel() {
  useSignals();
  const { t } = useTranslation('editor');
  const input = useRef<HTMLInputElement>(null);
  // An upload in flight, for the page it was started on (0-based).
  const { upload, busy, run } = useUpload<{ at: number; name: string }>();
  const at = currentPage.value;
  const p = page.value;
  const d = doc.value;
  const ready = !!d && hasPageAudio(d, at);
  const shownUpload = upload && upload.at === at ? upload : null;
  const isPlaying = ready && !!p && playing.value?.path === p.tts;
  const audioName = useAudioName(ready && p ? p.tts : '');

  const start = async (file: File | undefined) => {
    if (!file || busy || !p) return;
    const problem = checkAudioFile(file);
    if (problem) return showMessage('error', problem);
    const result = await run({ at, name: file.name }, (onProgress) =>
      uploadAudioToPage(at, file, onProgress),
    );
    if (result.ok) showMessage('success', t('voice.uploaded'));
    else if (result.reason === 'invalid') showMessage('error', result.message);
    else if (result.reason === 'pageChanged') showMessage('warning', t('voice.pageChanged'));
  };

  const { dragging, dropHandlers } = useFileDrop((file) => void start(file), busy);

  const onDelete = () => {
    if (deletePageAudio(at)) showMessage('success', t('voice.deleted'));
  };

  return (
    <div className={`ps-voice${dragging ? ' is-dragging' : ''}`} data-testid="voice-panel" {...dropHandlers}>
      <div className="ps-voice-main">
        {shownUpload ? (
          <div className="ps-voice-progress" data-testid="voice-upload-progress">
            <div className="ps-voice-progress-head">
              <strong title={shownUpload.name}>{shownUpload.name}</strong>
              <span data-testid="voice-upload-percent">
                {shownUpload.percent < 100
                  ? t('voice.uploading', { percent: shownUpload.percent })
                  : t('voice.processing')}
              </span>
            </div>
            <Progress percent={shownUpload.percent} size="tiny" color="blue" active />
          </div>
        ) : ready && p ? (
          <div className="ps-voice-row" data-testid="voice-audio-row">
            <button
              type="button"
              className={`ps-voice-play${isPlaying ? ' is-playing' : ''}`}
              title={isPlaying ? t('voice.stop') : t('voice.play')}
              aria-label={isPlaying ? t('voice.stop') : t('voice.play')}
              data-testid="voice-play"
              onClick={() => void previewNarration()}
            >
              <Icon name={isPlaying ? 'stop' : 'play'} fitted />
            </button>
            <div className="ps-voice-file">
              <strong data-testid="voice-audio-name" title={audioName ?? undefined}>
                {audioName ?? t('voice.uploadedAudio')}
              </strong>
              <span className="ps-voice-time" data-testid="voice-audio-duration">
                {formatAudioTime(p.soundTime)}
              </span>
            </div>
            <div className={`ps-voice-eq${isPlaying ? ' is-playing' : ''}`} aria-hidden>
              <i />
              <i />
              <i />
              <i />
            </div>
            <Button basic size="small" data-testid="voice-delete" onClick={onDelete}>
              <Icon name="trash alternate outline" />
              {t('voice.delete')}
            </Button>
          </div>
        ) : (
          <div className="ps-voice-empty" data-testid="voice-empty">
            <Icon name={dragging ? 'cloud upload' : 'file audio outline'} size="big" />
            <div>
              <strong>{dragging ? t('voice.dropHere') : t('voice.emptyTitle')}</strong>
              <p>{t('voice.emptyHint')}</p>
            </div>
          </div>
        )}
      </div>
      <div className="ps-voice-actions">
        <HiddenFileInput
          ref={input}
          accept={AUDIO_ACCEPT}
          testId="voice-upload-input"
          onPick={(file) => void start(file)}
        />
        <Button
          primary
          size="small"
          disabled={!p || busy}
          loading={busy}
          data-testid="voice-upload"
          onClick={() => input.current?.click()}
        >
          <Icon name="upload" />
          {ready ? t('voice.reupload') : t('voice.upload')}
        </Button>
        {/* 录制音频: the recorder dialog (src/app/screens/editor/recorder) opens from here. */}
        <Button
          basic
          size="small"
          disabled={!p || busy}
          data-testid="voice-record"
          onClick={() => openRecorder()}
        >
          <Icon name="microphone" />
          {t('voice.record')}
        </Button>
      </div>
    </div>
  );
}
