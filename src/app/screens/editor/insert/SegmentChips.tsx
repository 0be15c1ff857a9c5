import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { narrationLength, SHOT_TAGS } from '../../../../model/project';
import { page } from '../../../state/editor';
import { selectedSegment, selectSegment } from '../../../state/editorNarration';
import './insert.css';

/** The shot label of an isScale (正常 for the normal layout). */
export function shotName(isScale: number, normal: string): string {
  return isScale === 1 ? normal : (SHOT_TAGS.find((s) => s.isScale === isScale)?.label ?? normal);
}

/**
 * The saved segments of the current page as chips ("2 · PPT全屏 · 30字"); clicking one shows its
 * framing in the preview, clicking it again returns to the layout.
 */
export function SegmentChips() {
  useSignals();
  const { t } = useTranslation('editor');
  const children = page.value?.childList ?? [];
  if (children.length === 0) return null;
  const selected = selectedSegment.value;
  return (
    <div className="ps-ins-segments" data-testid="segment-chips" title={t('insert.segmentsHint')}>
      <span className="ps-ins-segments-label">{t('insert.segments')}</span>
      {children.map((c, i) => (
        <button
          key={i}
          type="button"
          className={`ps-ins-chip ps-ins-chip--s${c.isScale}${selected === i ? ' active' : ''}`}
          aria-pressed={selected === i}
          data-testid={`segment-chip-${i + 1}`}
          data-scale={c.isScale}
          onClick={() => selectSegment(selected === i ? null : i)}
        >
          {t('insert.segment', {
            n: i + 1,
            shot: shotName(c.isScale, t('insert.normal')),
            count: narrationLength(c.ttsText),
          })}
        </button>
      ))}
    </div>
  );
}
