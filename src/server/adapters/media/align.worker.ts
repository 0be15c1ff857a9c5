/**
 * Worker thread of the aligner: features of both signals, the warping path, spans carried across and
 * snapped to the recording's pauses. CPU-bound for seconds on long audio, so kept off the server's
 * event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { AlignJob, AlignMessage } from './align.protocol';
import { alignSpans } from './alignSpans';

const post = (message: AlignMessage): void => parentPort!.postMessage(message);

try {
  const job = workerData as AlignJob;
  post({ type: 'done', ...alignSpans(job.reference, job.recording, job.spans) });
} catch (error) {
  post({ type: 'error', detail: error instanceof Error ? error.message : String(error) });
}
