import { useTranslation } from 'react-i18next';
import { Button, type SemanticICONS } from 'semantic-ui-react';
import {
  pausePlayback,
  pauseRecording,
  playTake,
  resumePlayback,
  resumeRecording,
  startRecording,
  stopPlayback,
  stopRecording,
  uploadTake,
  type RecorderStatus,
} from '../../../state/recorder';

interface Control {
  key: string;
  icon: SemanticICONS;
  testId: string;
  /** States in which the button does something. */
  when: RecorderStatus[];
  run: () => unknown;
  color?: 'red' | 'violet' | 'green';
}

// Each button is enabled exactly in the states its command accepts (state/recorder.ts).
const RECORD: Control[] = [
  {
    key: 'start',
    icon: 'microphone',
    testId: 'recorder-start',
    when: ['idle', 'stopped'],
    run: startRecording,
    color: 'red',
  },
  { key: 'pause', icon: 'pause', testId: 'recorder-pause', when: ['recording'], run: pauseRecording },
  { key: 'resume', icon: 'play circle', testId: 'recorder-resume', when: ['paused'], run: resumeRecording },
  { key: 'stop', icon: 'stop', testId: 'recorder-stop', when: ['recording', 'paused'], run: stopRecording },
];
const PLAY: Control[] = [
  { key: 'play', icon: 'play', testId: 'recorder-play', when: ['stopped'], run: playTake },
  { key: 'pausePlay', icon: 'pause', testId: 'recorder-pause-play', when: ['playing'], run: pausePlayback },
  {
    key: 'resumePlay',
    icon: 'play',
    testId: 'recorder-resume-play',
    when: ['playbackPaused'],
    run: resumePlayback,
  },
  {
    key: 'stopPlay',
    icon: 'stop',
    testId: 'recorder-stop-play',
    when: ['playing', 'playbackPaused'],
    run: stopPlayback,
  },
];
const UPLOAD: Control = {
  key: 'upload',
  icon: 'cloud upload',
  testId: 'recorder-upload',
  when: ['stopped', 'playing', 'playbackPaused'],
  run: uploadTake,
  color: 'violet',
};

/** The recorder's buttons: recording, playback, upload; disabled where they would do nothing. */
export function RecorderControls({ status }: { status: RecorderStatus }) {
  const { t } = useTranslation('editor');
  const button = (c: Control) => (
    <Button
      key={c.key}
      icon={c.icon}
      content={t(`recorder.${c.key}`)}
      color={c.color}
      basic={!c.color}
      disabled={!c.when.includes(status)}
      loading={c.key === 'upload' && status === 'uploading'}
      data-testid={c.testId}
      onClick={() => void c.run()}
    />
  );
  return (
    <div className="ps-rec-controls">
      <div className="ps-rec-group">{RECORD.map(button)}</div>
      <div className="ps-rec-group">{PLAY.map(button)}</div>
      <div className="ps-rec-group ps-rec-upload">{button(UPLOAD)}</div>
    </div>
  );
}
