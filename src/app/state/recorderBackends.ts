import type { ResUploadData } from '../../api/resource.contract';

/** A running microphone capture. */
export interface CaptureSession {
  readonly sampleRate: number;
  pause(): Promise<void> | void;
  resume(): Promise<void> | void;
  /** Stops capturing and releases the device; no chunk arrives after it resolves. */
  stop(): Promise<void> | void;
}

/** Opens the microphone and delivers mono Float32 chunks (ownership passes to the callback). */
export interface CaptureBackend {
  start(onChunk: (pcm: Float32Array) => void): Promise<CaptureSession>;
}

/** Plays the recorded take. */
export interface TakePlayer {
  readonly currentTime: number;
  play(): Promise<void>;
  pause(): void;
  /** Pauses and rewinds to the start. */
  stop(): void;
  onTime(cb: (seconds: number) => void): void;
  onEnded(cb: () => void): void;
  dispose(): void;
}

/** What the machine needs from the outside world; tests inject fakes. */
export interface RecorderDeps {
  capture(): Promise<CaptureBackend>;
  createPlayer(wav: Blob): TakePlayer;
  upload(wav: Blob, pptSort: number, onProgress: (percent: number) => void): Promise<ResUploadData>;
}
