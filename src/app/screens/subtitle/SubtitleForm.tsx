import { useSignals } from '@preact/signals-react/runtime';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import { SUBTITLE_MAX_MINUTES, SUBTITLE_MAX_SCRIPT_CHARS } from '../../../api/subtitle.contract';
import {
  chooseSubtitleFile,
  runSubtitleTask,
  SUBTITLE_ACCEPT,
  subtitleInfo,
  type SubtitleSession,
} from '../../state/subtitle';
import { HiddenFileInput } from '../../layout/HiddenFileInput';

interface Props {
  session: SubtitleSession;
  testId: string;
  /** Show the script box (the 语音转文字 card hides it until asked). */
  showScript: boolean;
  /** Extra control above the script box (the card's "I have a script" switch). */
  scriptToggle?: ReactNode;
  runLabel: string;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The file picker, the script box, the run button and the task's progress. */
export function SubtitleForm({ session, testId, showScript, scriptToggle, runLabel }: Props) {
  useSignals();
  const { t } = useTranslation('subtitle');
  const input = useRef<HTMLInputElement>(null);
  const file = session.file.value;
  const script = showScript ? session.script.value : '';
  const count = [...script.replace(/\s+/g, ' ').trim()].length;
  const info = subtitleInfo.value;
  const needsServer = count === 0;
  const blocked = needsServer && !info?.transcribe;
  const task = session.task.value;
  const busy = session.busy.value;
  const problem = session.problem.value;

  let progress = '';
  let percent = 0;
  if (busy && !task)
    [progress, percent] = [t('uploading', { p: session.uploadPercent.value }), session.uploadPercent.value];
  else if (task?.status === 'queued') progress = t('queued');
  else if (task?.status === 'running')
    [progress, percent] = [
      t('working', { stage: task.message || t('generating'), p: task.percent }),
      task.percent,
    ];

  return (
    <section className="ps-card ps-tool-card ps-sub-form" data-testid={testId}>
      <div className="ps-tool-card-head">
        <h3>
          <span className="ps-sub-step">1</span>
          {t('step1')}
        </h3>
      </div>
      <HiddenFileInput
        ref={input}
        accept={SUBTITLE_ACCEPT}
        testId={`${testId}-file`}
        onPick={(file) => chooseSubtitleFile(session, file ?? null)}
      />
      <button type="button" className="ps-sub-drop" onClick={() => input.current?.click()} disabled={busy}>
        <Icon name={file ? 'file audio' : 'cloud upload'} size="big" />
        {file ? (
          <span className="ps-sub-file">
            <strong data-testid={`${testId}-file-name`}>{file.name}</strong>
            <span>
              {megabytes(file.size)} · {t('change')}
            </span>
          </span>
        ) : (
          <span className="ps-sub-file">
            <strong>{t('pick')}</strong>
            <span>{t('fileHint', { m: info?.maxMinutes ?? SUBTITLE_MAX_MINUTES })}</span>
          </span>
        )}
      </button>

      {scriptToggle}
      {showScript && (
        <>
          <div className="ps-tool-card-head ps-sub-script-head">
            <h3>
              <span className="ps-sub-step">2</span>
              {t('step2')}
            </h3>
            <span className="ps-tool-count" data-testid={`${testId}-count`}>
              {t('scriptCount', { n: count, max: SUBTITLE_MAX_SCRIPT_CHARS })}
            </span>
          </div>
          <textarea
            className="ps-tool-textarea ps-sub-script"
            data-testid={`${testId}-script`}
            value={session.script.value}
            placeholder={t('scriptPlaceholder')}
            onChange={(e) => (session.script.value = e.target.value)}
          />
        </>
      )}
      {needsServer && (
        <div className={`ps-sub-note${blocked ? ' warn' : ''}`} data-testid={`${testId}-server-note`}>
          <Icon name={blocked ? 'info circle' : 'microphone'} />
          <div>
            {blocked ? (
              <>
                <strong>{t('noScriptNoServer')}</strong>
                <p>{t('howToConfigure')}</p>
              </>
            ) : (
              <span>{t('noScriptServer', { model: info?.model })}</span>
            )}
          </div>
        </div>
      )}
      {problem && (
        <p className="ps-tool-error" data-testid={`${testId}-problem`}>
          {problem}
        </p>
      )}
      {task?.status === 'failed' && (
        <p className="ps-tool-error" data-testid={`${testId}-failed`}>
          {t('failed', { reason: task.message || t('unknownReason') })}
        </p>
      )}
      <div className="ps-tool-footer">
        <div className="ps-sub-progress" aria-live="polite">
          {progress && (
            <>
              <div className="ps-sub-bar">
                <div style={{ width: `${percent}%` }} />
              </div>
              <span data-testid={`${testId}-progress`}>{progress}</span>
            </>
          )}
        </div>
        <button
          type="button"
          className="ui primary button ps-tool-primary"
          data-testid={`${testId}-run`}
          disabled={busy || !file || !!problem || blocked}
          onClick={() => {
            if (!showScript) session.script.value = '';
            void runSubtitleTask(session);
          }}
        >
          <Icon name={busy ? 'spinner' : 'closed captioning'} loading={busy} />
          {busy ? t('generating') : runLabel}
        </button>
      </div>
    </section>
  );
}
