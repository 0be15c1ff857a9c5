import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The server serves the built app under /home/ and everything else (API, files) on the same origin,
// so in dev Vite proxies those prefixes to the API server started by `npm run dev`.
const apiPort = Number(process.env.PORT ?? 8080);
const apiPrefixes = ['/api', '/virtual', '/notice', '/files'];

export default defineConfig({
  base: '/home/',
  plugins: [react()],
  build: {
    outDir: 'dist/public',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      // zod ships /*@__PURE__*/ comments Rollup cannot place; harmless, but they bury real warnings.
      onwarn(warning, warn) {
        if (warning.code !== 'INVALID_ANNOTATION') warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, `http://127.0.0.1:${apiPort}`])),
  },
});
