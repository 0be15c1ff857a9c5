import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { MAX_NARRATION_CHARS, narrationLength } from '../../../model/project';
import {
  loadToolLibrary,
  runTextToSpeech,
  ttsBusy,
  ttsResult,
  ttsSex,
  ttsText,
  ttsVoiceId,
  ttsVoices,
} from '../../state/tools';
import { SegmentedSwitch } from '../editor/library/SegmentedSwitch';
import { VoiceChip } from './ToolPickers';

/** A download name from the first characters of the spoken text (unsafe characters dropped). */
export function speechFileName(text: string): string {
  const head = Array.from(text.replace(/[\\/:*?"<>|\s]+/g, '').replace(/[。，！？、；：,.!?;:]+/g, ''))
    .slice(0, 12)
    .join('');
  return `${head || '语音'}.wav`;
}

/** 文字转语音: text (1 to 300 characters) and a public voice in, a player and a download out. */
export function TextToSpeechTool() {
  useSignals();
  const { t } = useTranslation('home');
  useEffect(() => void loadToolLibrary(), []);

  const count = narrationLength(ttsText.value.trim());
  const tooLong = count > MAX_NARRATION_CHARS;
  const busy = ttsBusy.value;
  const result = ttsResult.value;
  const voices = ttsVoices.value;

  return (
    <div className="ps-tool ps-tool-columns" data-testid="tool-tts">
      <section className="ps-card ps-tool-card">
        <div className="ps-tool-card-head">
          <h3>{t('tools.tts.textLabel')}</h3>
          <span className={`ps-tool-count${tooLong ? ' over' : ''}`} data-testid="tts-count">
            {t('tools.tts.count', { n: count })}
          </span>
        </div>
        <textarea
          className="ps-tool-textarea ps-tool-tts-text"
          data-testid="tts-text"
          value={ttsText.value}
          placeholder={t('tools.tts.placeholder')}
          onChange={(e) => (ttsText.value = e.target.value)}
        />
        {tooLong && (
          <p className="ps-tool-error" data-testid="tts-too-long">
            {t('tools.tts.tooLong')}
          </p>
        )}
        <div className="ps-tool-card-head ps-tool-voice-head">
          <h4>{t('tools.tts.voice')}</h4>
          <SegmentedSwitch<0 | 1 | 2>
            testId="tts-sex"
            label={t('tools.tts.voice')}
            value={ttsSex.value}
            onChange={(v) => (ttsSex.value = v)}
            options={[
              { value: 0, label: t('tools.tts.all') },
              { value: 2, label: t('tools.tts.female') },
              { value: 1, label: t('tools.tts.male') },
            ]}
          />
        </div>
        <div className="ps-tool-voices" data-testid="tts-voices">
          {voices.map((v) => (
            <VoiceChip
              key={v.id}
              voice={v}
              selected={v.id === ttsVoiceId.value}
              testId="tts-voice"
              onPick={() => (ttsVoiceId.value = v.id)}
            />
          ))}
          {voices.length === 0 && <span className="ps-tool-hint">{t('tools.tts.noVoices')}</span>}
        </div>
        <div className="ps-tool-footer">
          <span />
          <button
            type="button"
            className="ui primary button ps-tool-primary"
            data-testid="tts-generate"
            disabled={busy || count === 0 || tooLong || !voices.some((v) => v.id === ttsVoiceId.value)}
            onClick={() => void runTextToSpeech()}
          >
            <Icon name={busy ? 'spinner' : 'sound'} loading={busy} />
            {busy ? t('tools.tts.generating') : t('tools.tts.generate')}
          </button>
        </div>
      </section>
      <section className="ps-card ps-tool-card">
        <div className="ps-tool-card-head">
          <h3>{t('tools.tts.resultTitle')}</h3>
        </div>
        {result ? (
          <div className="ps-tool-result" data-testid="tts-result">
            <div className="ps-tool-result-meta">
              <span className="ps-tool-result-icon">
                <Icon name="music" />
              </span>
              <div>
                <strong>{result.voiceName}</strong>
                <span>{t('tools.tts.seconds', { s: result.seconds })}</span>
              </div>
            </div>
            <audio key={result.url} controls src={result.url} data-testid="tts-audio" />
            <p className="ps-tool-result-text">{result.text}</p>
            <a
              className="ui basic primary button ps-tool-download"
              href={result.url}
              download={speechFileName(result.text)}
              data-testid="tts-download"
            >
              <Icon name="download" />
              {t('tools.tts.download')}
            </a>
          </div>
        ) : (
          <div className="ps-tool-empty">
            <Icon name="sound" />
            <p>{t('tools.tts.empty')}</p>
          </div>
        )}
      </section>
    </div>
  );
}
