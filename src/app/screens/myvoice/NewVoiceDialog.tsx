import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Icon, Modal, Progress } from 'semantic-ui-react';
import { TitledModal } from '../../layout/TitledModal';
import { SAMPLE_MAX_BYTES, VOICE_NAME_MAX } from '../../../api/timbre.contract';
import { createVoice, newVoiceOpen, newVoicePercent } from '../../state/myVoices';
import { showMessage } from '../../state/messages';
import {
  resetSampleRecorder,
  sampleRecording,
  sampleSeconds,
  sampleTake,
  startSampleRecording,
  stopSampleRecording,
} from '../../state/voiceSampleRecorder';
import { SegmentedSwitch } from '../editor/library/SegmentedSwitch';
import { HiddenFileInput } from '../../layout/HiddenFileInput';

const MIN_RECORD_SECONDS = 10;

/** 新建音色: name, sex, a sample (uploaded or recorded here) and the required consent. */
export function NewVoiceDialog() {
  useSignals();
  const { t } = useTranslation('myvoice');
  const [name, setName] = useState('');
  const [sex, setSex] = useState<1 | 2>(2);
  const [source, setSource] = useState<'upload' | 'record'>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const open = newVoiceOpen.value;
  const uploading = newVoicePercent.value !== null;
  const recording = sampleRecording.value;
  const take = sampleTake.value;

  useEffect(() => {
    if (open) return;
    setName('');
    setSex(2);
    setSource('upload');
    setFile(null);
    setConsent(false);
    void resetSampleRecorder();
  }, [open]);

  const sample = source === 'upload' ? file : take;
  const ready = name.trim() !== '' && sample !== null && consent && recording === 'idle' && !uploading;

  function pick(f: File | undefined) {
    if (!f) return;
    // The spec's size message; the server checks the content and length.
    if (f.size > SAMPLE_MAX_BYTES) return void showMessage('error', '上传文件大于100M');
    setFile(f);
    if (!name.trim()) setName(f.name.replace(/\.[^.]*$/, '').slice(0, VOICE_NAME_MAX));
  }

  async function submit() {
    if (!sample) return;
    if (source === 'record' && sampleSeconds.value < MIN_RECORD_SECONDS) {
      return void showMessage('warning', t('dialog.tooShort'));
    }
    const fileName = source === 'upload' && file ? file.name : 'recording.wav';
    if (await createVoice({ name: name.trim(), sex, consent, sample, fileName })) newVoiceOpen.value = false;
  }

  return (
    <TitledModal
      open={open}
      size="tiny"
      closeIcon={!uploading}
      closeOnDimmerClick={false}
      onClose={() => !uploading && (newVoiceOpen.value = false)}
      className="ps-myvoice-dialog"
      data-testid="new-voice-dialog"
      icon="microphone"
      iconColor="violet"
      title={t('dialog.title')}
    >
      <Modal.Content>
        <label className="ps-myvoice-field">
          <span>{t('dialog.name')}</span>
          <input
            value={name}
            maxLength={VOICE_NAME_MAX}
            placeholder={t('dialog.namePlaceholder')}
            data-testid="new-voice-name"
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <div className="ps-myvoice-field">
          <span>{t('dialog.sex')}</span>
          <SegmentedSwitch<1 | 2>
            testId="new-voice-sex"
            label={t('dialog.sex')}
            value={sex}
            onChange={setSex}
            options={[
              { value: 2, label: t('sex.2') },
              { value: 1, label: t('sex.1') },
            ]}
          />
        </div>
        <div className="ps-myvoice-field">
          <span>{t('dialog.source')}</span>
          <SegmentedSwitch<'upload' | 'record'>
            testId="new-voice-source"
            label={t('dialog.source')}
            value={source}
            onChange={setSource}
            options={[
              { value: 'upload', label: t('dialog.upload') },
              { value: 'record', label: t('dialog.record') },
            ]}
          />
        </div>
        {source === 'upload' ? (
          <div className="ps-myvoice-drop" role="button" tabIndex={0} onClick={() => input.current?.click()}>
            <Icon name={file ? 'file audio outline' : 'cloud upload'} size="big" />
            <div className="ps-myvoice-drop-name" data-testid="new-voice-file">
              {file ? file.name : t('dialog.pick')}
            </div>
            <div className="ps-myvoice-hint">{t('dialog.pickHint')}</div>
            <HiddenFileInput
              ref={input}
              accept=".wav,.mp3,.m4a,.ogg,.aac,.wma,.flac,audio/*"
              testId="new-voice-input"
              onPick={pick}
            />
          </div>
        ) : (
          <div className="ps-myvoice-record">
            <div className={`ps-myvoice-record-time${recording === 'recording' ? ' is-live' : ''}`}>
              {recording === 'recording'
                ? t('dialog.recording', { s: sampleSeconds.value.toFixed(1) })
                : take
                  ? t('dialog.recorded', { s: sampleSeconds.value.toFixed(1) })
                  : t('dialog.recordHint')}
            </div>
            {recording === 'recording' ? (
              <Button
                color="red"
                icon="stop"
                content={t('dialog.stopRecord')}
                onClick={() => void stopSampleRecording()}
              />
            ) : (
              <Button
                basic
                icon="microphone"
                content={t('dialog.startRecord')}
                loading={recording !== 'idle'}
                disabled={recording !== 'idle' || uploading}
                onClick={() => void startSampleRecording()}
              />
            )}
          </div>
        )}
        <Checkbox
          className="ps-myvoice-consent"
          checked={consent}
          label={t('dialog.consent')}
          data-testid="new-voice-consent"
          onChange={(_, d) => setConsent(Boolean(d.checked))}
        />
        {uploading && (
          <Progress
            percent={newVoicePercent.value ?? 0}
            size="tiny"
            color="violet"
            className="ps-myvoice-upload"
          >
            {t('dialog.uploading', { p: newVoicePercent.value ?? 0 })}
          </Progress>
        )}
      </Modal.Content>
      <Modal.Actions>
        <Button disabled={uploading} onClick={() => (newVoiceOpen.value = false)}>
          {t('dialog.cancel')}
        </Button>
        <Button
          primary
          disabled={!ready}
          loading={uploading}
          data-testid="new-voice-submit"
          onClick={() => void submit()}
        >
          {t('dialog.submit')}
        </Button>
      </Modal.Actions>
    </TitledModal>
  );
}
