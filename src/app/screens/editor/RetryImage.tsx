import { useEffect, useState } from 'react';

/** Broken page thumbnails are retried with a cache-busting query after this long (spec 9). */
export const THUMB_RETRY_MS = 4000;
/** A thumbnail still broken after this many tries stays broken (the file is really missing). */
const MAX_TRIES = 8;

/** Adds or replaces the cache-busting `t` query of a URL. */
export function cacheBusted(src: string, stamp: number): string {
  const [path, query = ''] = src.split('?');
  const params = new URLSearchParams(query);
  params.set('t', String(stamp));
  return `${path}?${params.toString()}`;
}

interface Props {
  src: string;
  alt: string;
  className?: string;
  testId?: string;
}

/** An image that, when it fails to load, tries again with a cache-busting query after 4 s. */
export function RetryImage({ src, alt, className, testId }: Props) {
  const [attempt, setAttempt] = useState({ src, url: src, tries: 0, broken: false });
  // A new source starts over (render-time reset rather than an effect, so no stale frame shows).
  if (attempt.src !== src) setAttempt({ src, url: src, tries: 0, broken: false });

  useEffect(() => {
    if (!attempt.broken || attempt.tries >= MAX_TRIES) return;
    const timer = setTimeout(
      () =>
        setAttempt((a) => ({ ...a, url: cacheBusted(a.src, Date.now()), tries: a.tries + 1, broken: false })),
      THUMB_RETRY_MS,
    );
    return () => clearTimeout(timer);
  }, [attempt]);

  return (
    <img
      className={`${className ?? ''}${attempt.broken ? ' is-broken' : ''}`}
      src={attempt.url}
      alt={alt}
      draggable={false}
      data-testid={testId}
      onError={() => setAttempt((a) => ({ ...a, broken: true }))}
    />
  );
}
