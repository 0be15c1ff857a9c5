import { useSignals } from '@preact/signals-react/runtime';
import { useRef, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, type ProjectTimeline } from '../../../model/project/projectTimeline';
import { isPlaying, pause, play, positionMs, seek, stagePageAt } from '../../state/threePlayback';

/**
 * The progress bar over the whole project: one block per page (its width is its length), the
 * played part filled, a handle at the current time. Click or drag to jump; while dragging the
 * preview holds still and plays on from where it is let go.
 */
export function Scrubber({ timeline }: { timeline: ProjectTimeline }) {
  useSignals();
  const { t } = useTranslation('three');
  const track = useRef<HTMLDivElement>(null);
  const resume = useRef(false);
  const total = timeline.totalMs;
  const pos = positionMs.value;
  const current = stagePageAt.value;
  const percent = (ms: number) => (total > 0 ? (ms / total) * 100 : 0);

  const timeAt = (e: ReactPointerEvent<HTMLElement>) => {
    const rect = track.current!.getBoundingClientRect();
    const fraction = rect.width > 0 ? (e.clientX - rect.left) / rect.width : 0;
    return Math.max(0, Math.min(1, fraction)) * total;
  };
  const down = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || total <= 0) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    resume.current = isPlaying.peek();
    if (resume.current) pause();
    seek(timeAt(e));
  };
  const move = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.currentTarget.hasPointerCapture?.(e.pointerId)) seek(timeAt(e));
  };
  const up = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!e.currentTarget.hasPointerCapture?.(e.pointerId)) return;
    e.currentTarget.releasePointerCapture(e.pointerId);
    if (resume.current) play();
    resume.current = false;
  };

  return (
    <div
      className="ps-three-scrubber"
      ref={track}
      role="slider"
      tabIndex={-1}
      aria-label={t('scrubber')}
      aria-valuemin={0}
      aria-valuemax={Math.round(total / 1000)}
      aria-valuenow={Math.round(pos / 1000)}
      aria-valuetext={formatClock(pos)}
      data-testid="three-scrubber"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
    >
      <div className="ps-three-track">
        {timeline.pages.map((p) => (
          <div
            key={p.at}
            className={`ps-three-track-page${p.at === current ? ' is-current' : ''}${p.startMs < pos ? ' is-played' : ''}${p.silent ? ' is-silent' : ''}`}
            data-testid="three-track-page"
            style={{ left: `${percent(p.startMs)}%`, width: `${percent(p.endMs - p.startMs)}%` }}
            title={t('pageMark', { n: p.at + 1, start: formatClock(p.startMs) })}
          >
            <span>{p.at + 1}</span>
          </div>
        ))}
        <div className="ps-three-fill" style={{ width: `${percent(pos)}%` }} />
      </div>
      <div className="ps-three-handle" style={{ left: `${percent(pos)}%` }} />
    </div>
  );
}
