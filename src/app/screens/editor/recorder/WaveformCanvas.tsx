import { useEffect, useRef } from 'react';

interface Props {
  /** Draws one frame in CSS pixels (the context is already scaled for the device pixel ratio). */
  draw: (ctx: CanvasRenderingContext2D, width: number, height: number) => void;
  /** Redraw every animation frame (live recording, playback); otherwise draw when props change. */
  animate: boolean;
  label: string;
  testId: string;
}

/**
 * A canvas drawn from outside React state: while animating, a requestAnimationFrame loop calls
 * `draw`, which reads refs and buffers directly, so no React state is written per frame.
 */
export function WaveformCanvas({ draw, animate, label, testId }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawRef = useRef(draw);
  useEffect(() => {
    drawRef.current = draw;
  }, [draw]);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let frame = 0;
    const paint = () => {
      const dpr = window.devicePixelRatio || 1;
      const w = canvas.clientWidth || 600;
      const h = canvas.clientHeight || 96;
      if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
        canvas.width = Math.round(w * dpr);
        canvas.height = Math.round(h * dpr);
      }
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      drawRef.current(ctx, w, h);
      if (animate) frame = requestAnimationFrame(paint);
    };
    paint();
    // A still waveform is redrawn when the dialog changes size; an animated one redraws anyway.
    const resized =
      typeof ResizeObserver === 'undefined' || animate ? null : new ResizeObserver(() => paint());
    resized?.observe(canvas);
    return () => {
      cancelAnimationFrame(frame);
      resized?.disconnect();
    };
  }, [animate, draw]);

  return (
    <canvas ref={canvasRef} className="ps-rec-wave" role="img" aria-label={label} data-testid={testId} />
  );
}
