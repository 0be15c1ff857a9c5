/** Media adapters: text-to-speech, PDF rasterising, ffmpeg/ffprobe, WAV, subtitle font. */
export * from './tts.engine';
export { espeakEngine, espeakVoiceName, timingsFromEvents } from './tts.espeak';
export * from './tts.mixed';
export * from './tts.voices';
export * from './pdf.mupdf';
export * from './ffmpeg';
export * from './wav';
export * from './fonts';
