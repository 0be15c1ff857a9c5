import { useSignals } from '@preact/signals-react/runtime';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Progress } from 'semantic-ui-react';
import { TitledModal } from '../../../layout/TitledModal';
import { currentPage } from '../../../state/editor';
import {
  closeRecorder,
  liveWave,
  playheadSeconds,
  playbackSeconds,
  recordedSeconds,
  recorderOpen,
  recorderStatus,
  takePeaks,
  takeSeconds,
  uploadPercent,
} from '../../../state/recorder';
import { drawLiveWave, drawTakeWave } from './drawWaveform';
import { formatClock } from './formatClock';
import { RecorderControls } from './RecorderControls';
import { WaveformCanvas } from './WaveformCanvas';
import './recorder.css';

/** The 录制音频 dialog: record, pause/continue, stop, play back, upload as the page's audio. */
export function RecorderDialog() {
  useSignals();
  const { t } = useTranslation('editor');
  const status = recorderStatus.value;
  const peaks = takePeaks.value;
  const total = takeSeconds.value;
  const capturing = status === 'recording' || status === 'paused' || status === 'starting';
  const playing = status === 'playing' || status === 'playbackPaused';
  const finished = peaks !== null;

  const drawLive = useCallback(
    (ctx: CanvasRenderingContext2D, w: number, h: number) => drawLiveWave(ctx, w, h, liveWave),
    [],
  );
  const drawTake = useCallback(
    (ctx: CanvasRenderingContext2D, w: number, h: number) =>
      drawTakeWave(ctx, w, h, peaks, playing && total > 0 ? Math.min(1, playheadSeconds() / total) : null),
    [peaks, playing, total],
  );

  const clock = playing
    ? `${formatClock(playbackSeconds.value)} / ${formatClock(total)}`
    : formatClock(recordedSeconds.value);

  return (
    <TitledModal
      open={recorderOpen.value}
      size="small"
      className="ps-rec"
      closeIcon={status !== 'uploading'}
      closeOnDimmerClick={false}
      onClose={() => status !== 'uploading' && closeRecorder()}
      data-testid="recorder-dialog"
      data-status={status}
      icon="microphone"
      iconColor="violet"
      title={t('recorder.title')}
      extra={<span className="ps-rec-page">{t('recorder.page', { n: currentPage.value + 1 })}</span>}
    >
      <Modal.Content>
        <div className="ps-rec-bar">
          <span className={`ps-rec-dot ps-rec-dot-${status}`} />
          <span data-testid="recorder-status">{t(`recorder.status.${status}`)}</span>
          <span className="ps-rec-clock" data-testid="recorder-elapsed">
            {clock}
          </span>
        </div>
        {finished && !capturing ? (
          <WaveformCanvas
            draw={drawTake}
            animate={status === 'playing'}
            label={t('recorder.takeWave')}
            testId="recorder-take-wave"
          />
        ) : (
          <WaveformCanvas
            draw={drawLive}
            animate={status === 'recording'}
            label={t('recorder.liveWave')}
            testId="recorder-live-wave"
          />
        )}
        {finished && (
          <div className="ps-rec-duration" data-testid="recorder-duration" data-seconds={total.toFixed(2)}>
            {formatClock(total)}
          </div>
        )}
        <RecorderControls status={status} />
        {status === 'uploading' && (
          <Progress
            percent={uploadPercent.value}
            indicating
            size="small"
            data-testid="recorder-upload-progress"
            label={t('recorder.uploading', { percent: uploadPercent.value })}
          />
        )}
        <p className="ps-rec-hint">{t('recorder.hint')}</p>
      </Modal.Content>
    </TitledModal>
  );
}
