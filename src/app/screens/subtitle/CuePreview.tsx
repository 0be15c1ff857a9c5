import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from 'semantic-ui-react';
import type { SubtitleSession } from '../../state/subtitle';
import { cueTime } from './cueTime';
import { SubtitleDownloadLinks } from './SubtitleDownloadLinks';

/** The result: a player of the chosen file with the current cue shown, the cue table, downloads. */
export function CuePreview({ session, testId }: { session: SubtitleSession; testId: string }) {
  useSignals();
  const { t } = useTranslation('subtitle');
  const media = useRef<HTMLMediaElement | null>(null);
  const table = useRef<HTMLDivElement>(null);
  const result = session.task.value?.result ?? null;
  const mode = session.task.value?.mode;
  const active = session.activeCue.value;
  const file = session.file.value;
  const isVideo = !!file && /^video\//.test(file.type);

  // Keep the highlighted row in view while playing.
  useEffect(() => {
    const row = table.current?.querySelector<HTMLElement>(`[data-cue="${active}"]`);
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  if (!result) {
    return (
      <section className="ps-card ps-tool-card">
        <div className="ps-tool-card-head">
          <h3>{t('previewTitle')}</h3>
        </div>
        <div className="ps-tool-empty">
          <Icon name="closed captioning outline" />
          <p>{t('empty')}</p>
        </div>
      </section>
    );
  }

  const seek = (ms: number) => {
    if (!media.current) return;
    media.current.currentTime = ms / 1000;
    void media.current.play().catch(() => undefined);
  };
  const mediaProps = {
    src: session.fileUrl.value,
    controls: true,
    'data-testid': `${testId}-player`,
    onTimeUpdate: (e: React.SyntheticEvent<HTMLMediaElement>) =>
      (session.playMs.value = e.currentTarget.currentTime * 1000),
    onSeeked: (e: React.SyntheticEvent<HTMLMediaElement>) =>
      (session.playMs.value = e.currentTarget.currentTime * 1000),
  };

  return (
    <section className="ps-card ps-tool-card ps-sub-preview" data-testid={`${testId}-result`}>
      <div className="ps-tool-card-head">
        <h3>{t('previewTitle')}</h3>
        <span className="ps-sub-mode">{mode === 'transcribe' ? t('modeTranscribe') : t('modeAlign')}</span>
      </div>
      <div className="ps-sub-stage">
        {isVideo ? (
          <video ref={(el) => void (media.current = el)} {...mediaProps} />
        ) : (
          <audio ref={(el) => void (media.current = el)} {...mediaProps} />
        )}
        <div className="ps-sub-caption" data-testid={`${testId}-caption`}>
          {active >= 0 ? result.cues[active].text : '\u00a0'}
        </div>
      </div>
      <div className="ps-sub-meta">
        <span>{t('cueCount', { n: result.cues.length, d: cueTime(result.durationMs) })}</span>
        <span className="ps-sub-downloads">
          <SubtitleDownloadLinks result={result} fileName={file?.name} testId={testId} primary />
        </span>
      </div>
      <div className="ps-sub-table" ref={table}>
        <table className="ui very compact selectable table" data-testid={`${testId}-cues`}>
          <thead>
            <tr>
              <th>{t('colIndex')}</th>
              <th>{t('colStart')}</th>
              <th>{t('colEnd')}</th>
              <th>{t('colText')}</th>
            </tr>
          </thead>
          <tbody>
            {result.cues.map((c, i) => (
              <tr
                key={c.index}
                data-cue={i}
                className={i === active ? 'active' : undefined}
                onClick={() => seek(c.startMs)}
              >
                <td>{c.index}</td>
                <td className="ps-sub-time">{cueTime(c.startMs)}</td>
                <td className="ps-sub-time">{cueTime(c.endMs)}</td>
                <td>{c.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
