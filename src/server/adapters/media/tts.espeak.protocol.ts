/** Messages between tts.espeak.ts and its worker thread. */

/** An event of eSpeak NG's synthesis callback; `audio_position` is in ms, `text_position` 1-based code points. */
export interface EspeakEvent {
  type:
    | 'sentence'
    | 'word'
    | 'phoneme'
    | 'end'
    | 'mark'
    | 'play'
    | 'msg_terminated'
    | 'list_terminated'
    | 'samplerate';
  audio_position: number;
  text_position: number;
  word_length: number;
  id?: string | number;
}

export interface EspeakRequest {
  id: number;
  text: string;
  voiceName: string;
  wpm: number;
  pitch: number;
  /** Intonation range 0..100 (50 = eSpeak's default). */
  range: number;
}

export type EspeakResponse =
  | { id: number; ok: true; samples: Int16Array; sampleRate: number; events: EspeakEvent[] }
  | { id: number; ok: false; error: string };
