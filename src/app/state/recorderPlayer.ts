import type { TakePlayer } from './recorderBackends';

/** Plays a recorded WAV through an <audio> element on a blob URL (revoked on dispose). */
export function createAudioPlayer(wav: Blob): TakePlayer {
  const url = URL.createObjectURL(wav);
  const audio = new Audio(url);
  audio.preload = 'auto';
  return {
    get currentTime() {
      return audio.currentTime;
    },
    play: () => audio.play(),
    pause: () => audio.pause(),
    stop: () => {
      audio.pause();
      audio.currentTime = 0;
    },
    onTime: (cb) => audio.addEventListener('timeupdate', () => cb(audio.currentTime)),
    onEnded: (cb) => audio.addEventListener('ended', cb),
    dispose: () => {
      audio.pause();
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
    },
  };
}
