import type { FastifyInstance } from 'fastify';

/*
 * The browser policy every response carries. The app is one origin: its scripts, styles, workers,
 * fonts and stored files all come from here, so 'self' covers them. What needs more:
 *  - blob: for images, media and workers the editor makes itself (recordings, exported frames,
 *    decoded GIF frames handed to the stage, the Comlink workers' fallback bundles);
 *  - blob: for scripts too, for one reason: standardized-audio-context loads every AudioWorklet
 *    module (the recorder's capture, public/worklets/pcm-capture.js) as a blob it wraps, and
 *    worklets fall under script-src. Without it recording fell back to the deprecated
 *    ScriptProcessorNode on the main thread. A blob: script can only come from code that already
 *    runs here, so it opens nothing to injected markup;
 *  - data: for images and fonts inlined by the CSS build;
 *  - 'unsafe-inline' for styles only: React and semantic-ui set style attributes, which cannot run
 *    code. Scripts never get it, nor eval: the Pixi stage loads pixi.js/unsafe-eval's
 *    precompiled shader sync functions instead of building them with new Function.
 * frame-ancestors 'none' (and X-Frame-Options for older browsers) keeps the editor out of other
 * sites' frames, where a click could be hijacked.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' data: blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Adds the security headers to every response of the app. */
export function installSecurityHeaders(http: FastifyInstance): void {
  http.addHook('onSend', async (_request, reply) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('X-Frame-Options', 'DENY');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  });
}
