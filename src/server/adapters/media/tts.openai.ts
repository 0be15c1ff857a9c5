/**
 * Optional engine: a neural or cloud text-to-speech server speaking the OpenAI-compatible protocol
 * (POST {TTS_URL}/v1/audio/speech with {model, input, voice, response_format: 'wav'}), e.g. a local
 * Kokoro/Piper/XTTS server or a cloud service. Its voices are listed as extra public voices. Such
 * servers give no word or phoneme timings: callers derive the mouth timeline from loudness.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { audioToWav } from './ffmpeg';
import { registerTtsEngine } from './tts.engine';
import type { TtsEngine, TtsRequest, TtsResult, TtsVoice } from './tts.engine';
import type { OpenAiTtsConfig } from './tts.openai.config';
import type { PublicVoice } from './tts.voices';
import { decodeWav, encodeWav, NARRATION_SAMPLE_RATE, resamplePcm16, samplesToMs, type Pcm16 } from './wav';

/** Converts whatever WAV the server sent (any rate, channels, sample format) to 24 kHz mono PCM16. */
async function toNarrationPcm(audio: Buffer): Promise<Pcm16> {
  try {
    const pcm = decodeWav(audio);
    return {
      samples: resamplePcm16(pcm.samples, pcm.sampleRate, NARRATION_SAMPLE_RATE),
      sampleRate: NARRATION_SAMPLE_RATE,
    };
  } catch {
    // Not mono 16-bit PCM (float, stereo, or another container despite response_format): ffmpeg.
    const dir = await mkdtemp(path.join(tmpdir(), 'tts-openai-'));
    try {
      const input = path.join(dir, 'answer.bin');
      const output = path.join(dir, 'speech.wav');
      await writeFile(input, audio);
      await audioToWav(input, output);
      return decodeWav(await readFile(output));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** The sex of OpenAI's own voice names, for the 音色 tab's male/female switch. */
const KNOWN_MALE = new Set(['echo', 'fable', 'onyx', 'ash', 'ballad', 'verse']);

/** A client of one OpenAI-compatible speech server. */
export class OpenAiTtsEngine implements TtsEngine {
  readonly name: string;

  constructor(private readonly config: OpenAiTtsConfig) {
    // One engine per server, so two configurations in one process never share a name.
    this.name = `openai:${config.url}`;
  }

  async synthesize({ text, voice }: TtsRequest): Promise<TtsResult> {
    const endpoint = `${this.config.url.replace(/\/+$/, '')}/v1/audio/speech`;
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.config.model,
        input: text,
        voice: voice.variant ?? 'alloy',
        response_format: 'wav',
        speed: voice.rate ?? 1,
      }),
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 120_000),
    });
    if (!res.ok) {
      const detail = (await res.text().catch(() => '')).slice(0, 200);
      throw new Error(`text-to-speech server answered HTTP ${res.status}${detail ? `: ${detail}` : ''}`);
    }
    const pcm = await toNarrationPcm(Buffer.from(await res.arrayBuffer()));
    if (pcm.samples.length === 0) throw new Error('text-to-speech server returned no audio');
    return {
      samples: pcm.samples,
      sampleRate: NARRATION_SAMPLE_RATE,
      durationMs: samplesToMs(pcm.samples.length, NARRATION_SAMPLE_RATE),
      wav: encodeWav(pcm.samples, NARRATION_SAMPLE_RATE),
      words: [],
      phonemes: [],
    };
  }
}

/** Registers the engine and returns its voices as public voices (key "openai-<voice>"). */
export function openAiPublicVoices(config: OpenAiTtsConfig): PublicVoice[] {
  const engine = new OpenAiTtsEngine(config);
  registerTtsEngine(engine);
  return config.voices.map((entry) => {
    const [name, sexTag] = entry.split(':');
    const male = sexTag ? sexTag.toLowerCase().startsWith('m') : KNOWN_MALE.has(name.toLowerCase());
    const whole: TtsVoice = { engine: engine.name, lang: 'zh', variant: name, rate: 1 };
    return {
      key: `openai-${name}`,
      nameZh: `云端 · ${name}`,
      nameEn: `Cloud (${name})`,
      sex: male ? 'male' : 'female',
      primaryLang: 'zh',
      voices: { zh: whole, en: { ...whole, lang: 'en' } },
      whole,
    };
  });
}
