import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveServerUrl } from '../../../config';

/** Spec 4: a broken page thumbnail is retried with a cache-busting query after 4 seconds. */
const RETRY_MS = 4000;

/** How much of the narration a blank page's card shows. */
const EXCERPT_CHARS = 90;

/**
 * What the slide box shows: the page image (retried once after 4 s when it fails to load), or for
 * a page without a PDF a white card with the start of its narration, or 空白页.
 */
export function SlideContent(props: {
  img: string;
  text: string;
  height: number;
  /** Told when the page image has loaded (its natural size frames PPT全屏). */
  onLoad?: (e: { currentTarget: HTMLImageElement }) => void;
}) {
  const { t } = useTranslation('library');
  const src = resolveServerUrl(props.img);
  const [attempt, setAttempt] = useState({ src, n: 0 });
  const current = attempt.src === src ? attempt : { src, n: 0 };
  const [timer, setTimer] = useState<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer ?? undefined), [timer]);

  if (src) {
    const url = current.n === 0 ? src : `${src}${src.includes('?') ? '&' : '?'}t=${current.n}`;
    return (
      <img
        className="ps-preview-slide-img"
        src={url}
        alt=""
        draggable={false}
        onLoad={props.onLoad}
        onError={() => {
          if (current.n > 0) return;
          setTimer(setTimeout(() => setAttempt({ src, n: Date.now() }), RETRY_MS));
        }}
      />
    );
  }
  const text = props.text.trim();
  const excerpt = text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;
  // Readable at any box size: about nine lines of text fit the card's height.
  const fontSize = Math.max(7, Math.min(22, props.height / 9));
  return (
    <div className="ps-preview-slide-blank" data-testid="preview-slide-blank" style={{ fontSize }}>
      {excerpt ? <p>{excerpt}</p> : <span className="ps-preview-slide-empty">{t('preview.blankPage')}</span>}
    </div>
  );
}
