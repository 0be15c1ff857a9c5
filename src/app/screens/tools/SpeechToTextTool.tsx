import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { showMessage } from '../../state/messages';
import {
  loadSubtitleInfo,
  speechToTextTool as session,
  speechToTextWithScript,
  subtitleFileName,
} from '../../state/subtitle';
import { SubtitleDownloadLinks } from '../subtitle/SubtitleDownloadLinks';
import { SubtitleForm } from '../subtitle/SubtitleForm';
import '../subtitle/subtitle.css';

/** 语音转文字: audio in, its text out (transcription server), or a script aligned into subtitles. */
export function SpeechToTextTool() {
  useSignals();
  const { t } = useTranslation('subtitle');
  useEffect(() => void loadSubtitleInfo(), []);
  const withScript = speechToTextWithScript.value;
  const result = session.task.value?.result ?? null;
  const file = session.file.value;
  const textUrl = useMemo(
    () => (result ? URL.createObjectURL(new Blob([result.text], { type: 'text/plain;charset=utf-8' })) : ''),
    [result],
  );
  useEffect(() => () => void (textUrl && URL.revokeObjectURL(textUrl)), [textUrl]);

  const toggle = (
    <label className="ps-stt-toggle">
      <input
        type="checkbox"
        data-testid="stt-with-script"
        checked={withScript}
        onChange={(e) => (speechToTextWithScript.value = e.target.checked)}
      />
      {t('stt.scriptToggle')}
    </label>
  );

  return (
    <div className="ps-tool ps-tool-columns" data-testid="tool-stt">
      <SubtitleForm
        session={session}
        testId="stt"
        showScript={withScript}
        scriptToggle={toggle}
        runLabel={withScript ? t('stt.runAlign') : t('stt.run')}
      />
      <section className="ps-card ps-tool-card">
        <div className="ps-tool-card-head">
          <h3>{t('stt.resultTitle')}</h3>
        </div>
        {result ? (
          <>
            <div className="ps-stt-text" data-testid="stt-text">
              {result.text}
            </div>
            <div className="ps-stt-actions">
              <button
                type="button"
                className="ui basic primary button"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(result.text)
                    .then(() => showMessage('success', t('stt.copied')))
                    .catch(() => undefined)
                }
              >
                <Icon name="copy outline" />
                {t('stt.copy')}
              </button>
              <a className="ui basic button" href={textUrl} download={subtitleFileName(file?.name, 'txt')}>
                <Icon name="file alternate outline" />
                {t('stt.downloadTxt')}
              </a>
              <SubtitleDownloadLinks result={result} fileName={file?.name} testId="stt" />
            </div>
          </>
        ) : (
          <div className="ps-tool-empty">
            <Icon name="microphone" />
            <p>{t('stt.empty')}</p>
          </div>
        )}
      </section>
    </div>
  );
}
