/** Settings of the optional OpenAI-compatible text-to-speech server, read from the environment. */

/** Where the server is and what to ask it for (README: TTS_URL, TTS_MODEL, TTS_VOICES, TTS_API_KEY). */
export interface OpenAiTtsConfig {
  /** Base URL without /v1, e.g. http://127.0.0.1:8880. */
  url: string;
  model: string;
  /** Voice names the server knows, optionally suffixed ":m" or ":f" for the sex filter. */
  voices: string[];
  apiKey?: string;
  timeoutMs?: number;
}

const DEFAULT_VOICES = 'alloy,echo,fable,onyx,nova,shimmer';

/** The engine's settings from the environment, or undefined when TTS_URL is not set. */
export function openAiTtsFromEnv(env: NodeJS.ProcessEnv): OpenAiTtsConfig | undefined {
  if (!env.TTS_URL) return undefined;
  return {
    url: env.TTS_URL,
    model: env.TTS_MODEL || 'tts-1',
    voices: (env.TTS_VOICES || DEFAULT_VOICES)
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
    apiKey: env.TTS_API_KEY || undefined,
  };
}
