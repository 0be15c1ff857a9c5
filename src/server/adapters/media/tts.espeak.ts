/**
 * The built-in text-to-speech engine: eSpeak NG (Emscripten build from @echogarden/espeak-ng-emscripten),
 * run in one long-lived worker thread that loads the module once. Requests are queued in order.
 * Voices: "cmn" (Mandarin) and "en-us", with eSpeak variants ("+f3" female, "+m3" male, ...).
 * eSpeak produces 22,050 Hz; results are resampled to the narration rate (24 kHz, see wav.ts).
 */
import type { Worker } from 'node:worker_threads';
import type { PhonemeTiming, WordTiming } from '../../../model/speech';
import { registerTtsEngine } from './tts.engine';
import type { TtsEngine, TtsRequest, TtsResult, TtsVoice } from './tts.engine';
import type { EspeakEvent, EspeakRequest, EspeakResponse } from './tts.espeak.protocol';
import { encodeWav, NARRATION_SAMPLE_RATE, resamplePcm16, samplesToMs } from './wav';
import { startModuleWorker } from './workerThread';

/** eSpeak's own words-per-minute default; rate 1 maps to it. */
const BASE_WPM = 175;

const ESPEAK_LANGUAGE = { zh: 'cmn', en: 'en-us' } as const;

/** The eSpeak voice name for a voice, e.g. "cmn+f3". */
export function espeakVoiceName(voice: TtsVoice): string {
  const base = ESPEAK_LANGUAGE[voice.lang];
  return voice.variant ? `${base}+${voice.variant}` : base;
}

/** Characters eSpeak must not see (it would read "<" or "&" aloud, or treat them as markup);
 *  replaced one-for-one so text offsets stay valid. */
function speakable(text: string): string {
  return text.replace(/[<>&]/g, ' ');
}

/** Maps eSpeak's synthesis events to phoneme and word timings; `text` is what was synthesised. */
export function timingsFromEvents(
  events: readonly EspeakEvent[],
  text: string,
  durationMs: number,
): { phonemes: PhonemeTiming[]; words: WordTiming[] } {
  const ordered = events
    .filter((e) => e.type === 'phoneme' || e.type === 'word' || e.type === 'end')
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.audio_position - b.e.audio_position || a.i - b.i)
    .map(({ e }) => e);
  const soundEvents = ordered.filter((e) => e.type === 'phoneme' || e.type === 'end');

  // A phoneme lasts until the next phoneme (or pause) starts; pauses ("" and "(lang)" markers) are dropped.
  const phonemes: PhonemeTiming[] = [];
  soundEvents.forEach((e, i) => {
    const id = typeof e.id === 'string' ? e.id : '';
    if (e.type !== 'phoneme' || id === '' || id.startsWith('(')) return;
    let j = i + 1;
    while (j < soundEvents.length && soundEvents[j].audio_position <= e.audio_position) j++;
    const endMs = Math.min(durationMs, j < soundEvents.length ? soundEvents[j].audio_position : durationMs);
    if (endMs > e.audio_position) phonemes.push({ phoneme: id, startMs: e.audio_position, endMs });
  });

  // eSpeak positions count code points from 1; convert to UTF-16 offsets.
  const codePointOffsets: number[] = [];
  let utf16 = 0;
  for (const ch of text) {
    codePointOffsets.push(utf16);
    utf16 += ch.length;
  }
  codePointOffsets.push(utf16);
  const toUtf16 = (cp: number): number =>
    codePointOffsets[Math.max(0, Math.min(cp, codePointOffsets.length - 1))];

  const words: WordTiming[] = [];
  for (const e of ordered) {
    if (e.type !== 'word') continue;
    const charStart = toUtf16(e.text_position - 1);
    const charEnd = toUtf16(e.text_position - 1 + e.word_length);
    const last = words[words.length - 1];
    // Numbers come as several word events inside one span ("2024" read digit group by digit group,
    // with lengths that overrun the number): keep the first.
    if (last && charStart < last.charEnd) continue;
    words.push({
      text: text.slice(charStart, charEnd),
      startMs: e.audio_position,
      endMs: e.audio_position,
      charStart,
      charEnd,
    });
  }
  // eSpeak's Mandarin dictionary speaks multi-character words ("欢迎") as one word but reports a length
  // of one character: a word's text runs up to the next word, less trailing spaces and punctuation.
  words.forEach((w, i) => {
    const limit = i + 1 < words.length ? words[i + 1].charStart : text.length;
    let end = Math.max(w.charEnd, limit);
    while (end > w.charEnd && /[\s\p{P}]/u.test(text[end - 1])) end--;
    w.charEnd = end;
    w.text = text.slice(w.charStart, end);
  });
  // A word spans its sounding phonemes: from the first to the end of the last before the next word.
  words.forEach((w, i) => {
    const nextStart = i + 1 < words.length ? words[i + 1].startMs : Infinity;
    const own = phonemes.filter((p) => p.startMs >= w.startMs && p.startMs < nextStart);
    if (own.length) {
      w.startMs = own[0].startMs;
      w.endMs = own[own.length - 1].endMs;
    }
  });
  return { phonemes, words };
}

/**
 * eSpeak delivers audio in 100 ms buffers; with breathy variants (f3...) it sometimes adds a whole
 * buffer of breath noise after the utterance's end event, making the same text 100 ms longer at random.
 * Cut at the last event and fade the last 10 ms out so the cut does not click.
 */
function cutAtEnd(samples: Int16Array, sampleRate: number, events: readonly EspeakEvent[]): Int16Array {
  const endMs = events.reduce((max, e) => Math.max(max, e.audio_position), 0);
  const cut = samples.subarray(0, Math.min(samples.length, Math.ceil((endMs * sampleRate) / 1000)));
  const fade = Math.min(cut.length, Math.round(sampleRate * 0.01));
  for (let i = 0; i < fade; i++) cut[cut.length - 1 - i] = Math.round((cut[cut.length - 1 - i] * i) / fade);
  return cut;
}

class EspeakEngine implements TtsEngine {
  readonly name = 'espeak';
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: EspeakResponse) => void; reject: (e: Error) => void }
  >();

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startModuleWorker(new URL('./tts.espeak.worker.ts', import.meta.url));
    worker.on('message', (res: EspeakResponse) => {
      const waiter = this.pending.get(res.id);
      this.pending.delete(res.id);
      if (this.pending.size === 0) worker.unref();
      waiter?.resolve(res);
    });
    const fail = (err: Error): void => {
      for (const waiter of this.pending.values()) waiter.reject(err);
      this.pending.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`eSpeak worker exited with code ${code}`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private request(req: Omit<EspeakRequest, 'id'>): Promise<EspeakResponse> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref(); // keep the process alive while a request is out
      worker.postMessage({ ...req, id });
    });
  }

  async synthesize({ text, voice }: TtsRequest): Promise<TtsResult> {
    const rate = Math.min(2.5, Math.max(0.5, voice.rate ?? 1));
    const res = await this.request({
      text: speakable(text),
      voiceName: espeakVoiceName(voice),
      wpm: Math.round(BASE_WPM * rate),
      pitch: Math.round(Math.min(100, Math.max(0, voice.pitch ?? 50))),
      range: Math.round(Math.min(100, Math.max(0, voice.range ?? 50))),
    });
    if (!res.ok) throw new Error(`eSpeak NG failed: ${res.error}`);
    const samples = resamplePcm16(
      cutAtEnd(res.samples, res.sampleRate, res.events),
      res.sampleRate,
      NARRATION_SAMPLE_RATE,
    );
    const durationMs = samplesToMs(samples.length, NARRATION_SAMPLE_RATE);
    const { phonemes, words } = timingsFromEvents(res.events, text, durationMs);
    return {
      samples,
      sampleRate: NARRATION_SAMPLE_RATE,
      durationMs,
      wav: encodeWav(samples, NARRATION_SAMPLE_RATE),
      words,
      phonemes,
    };
  }

  /**
   * Loads the engine and lets the JIT compile the synthesiser (call at server start): the first
   * requests after loading run at ~10-25x realtime, warmed up at ~100x.
   */
  async warmUp(): Promise<void> {
    for (const lang of ['zh', 'en', 'zh', 'en'] as const) {
      await this.synthesize({
        text:
          lang === 'zh'
            ? '大家好，欢迎使用数字人视频工作台。'
            : 'Hello, and welcome to the presenter studio.',
        voice: { engine: this.name, lang },
      });
    }
  }

  /** Stops the worker (tests, shutdown); the next request starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

/** The eSpeak NG engine, registered as "espeak". */
export const espeakEngine = new EspeakEngine();
registerTtsEngine(espeakEngine);
