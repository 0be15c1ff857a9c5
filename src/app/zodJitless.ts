import { config } from 'zod';

/*
 * Zod compiles object parsers with new Function when it may; the app's Content-Security-Policy has
 * no 'unsafe-eval', so its probe would be reported as a violation. Jitless parsing is as correct
 * and fast enough for the editor's documents. Imported first by main.tsx, before any schema runs.
 */
config({ jitless: true });
