/**
 * Worker thread owning the eSpeak NG module (compiled to JavaScript by Emscripten: loading takes a few
 * hundred ms and synthesis is synchronous, so it lives here, loaded once, off the server's event loop).
 * Messages are handled one at a time in arrival order.
 */
import { parentPort } from 'node:worker_threads';
import initEspeak from '@echogarden/espeak-ng-emscripten';
import type { EspeakEvent, EspeakRequest, EspeakResponse } from './tts.espeak.protocol';

interface EspeakWorkerInstance {
  set_voice(name: string): number;
  set_rate(wpm: number): void;
  set_pitch(pitch: number): void;
  set_range(range: number): void;
  get_samplerate(): number;
  synthesize(text: string, callback: (samples: Int16Array, events: EspeakEvent[]) => number): void;
}

/**
 * eSpeak seeds its random source (the breath noise of variants such as f3) from the clock when it
 * starts, so the same text sounded different in every process: the subtitle aligner's reference
 * (f3) then measured a wrong script over a 5 s clip anywhere in 0.036-0.114, once under its limit.
 * The clock reads 0 while the module starts, so the same requests in the same order give the same
 * samples in every process. Nothing else runs on this thread.
 */
function startWithFixedSeed(): Promise<EspeakWorkerInstance> {
  const now = Date.now;
  Date.now = () => 0;
  return initEspeak()
    .then((m: { eSpeakNGWorker: new () => EspeakWorkerInstance }) => new m.eSpeakNGWorker())
    .finally(() => {
      Date.now = now;
    });
}

const instancePromise = startWithFixedSeed();

function synthesize(espeak: EspeakWorkerInstance, req: EspeakRequest): EspeakResponse {
  const status = espeak.set_voice(req.voiceName);
  if (status !== 0) throw new Error(`eSpeak NG has no voice "${req.voiceName}" (status ${status})`);
  espeak.set_rate(req.wpm);
  espeak.set_pitch(req.pitch);
  espeak.set_range(req.range);
  const chunks: Int16Array[] = [];
  const events: EspeakEvent[] = [];
  let length = 0;
  espeak.synthesize(req.text, (samples, chunkEvents) => {
    if (samples && samples.length) {
      chunks.push(samples);
      length += samples.length;
    }
    events.push(...chunkEvents);
    return 0; // 0 = continue
  });
  const samples = new Int16Array(length);
  let offset = 0;
  for (const c of chunks) {
    samples.set(c, offset);
    offset += c.length;
  }
  return { id: req.id, ok: true, samples, sampleRate: espeak.get_samplerate(), events };
}

parentPort!.on('message', async (req: EspeakRequest) => {
  try {
    const res = synthesize(await instancePromise, req);
    parentPort!.postMessage(res, res.ok ? [res.samples.buffer as ArrayBuffer] : []);
  } catch (err) {
    parentPort!.postMessage({
      id: req.id,
      ok: false,
      error: err instanceof Error ? err.message : String(err),
    });
  }
});
