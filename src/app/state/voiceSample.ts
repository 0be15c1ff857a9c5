import { batch, signal } from '@preact/signals-react';
import { resolveServerUrl } from '../config';
import { showMessage } from './messages';
import { speakWithVoice, VoiceTaskFailed } from './voiceTasks';

/* 试听 of a voice in the editor's 音色 tab: one short sample per voice, synthesised once and kept. */

/** The sentence a voice preview speaks. */
export const VOICE_SAMPLE_TEXT = '大家好，我是你的数字人讲解员。';
/** Voice whose sample is being synthesised or played, and which of the two. */
export const sampleVoiceId = signal<string | null>(null);
export const sampleState = signal<'idle' | 'loading' | 'playing'>('idle');

const sampleUrls = new Map<string, string>();
let sampleAudio: HTMLAudioElement | null = null;

/** Stops any voice sample that is playing. */
export function stopVoiceSample(): void {
  sampleAudio?.pause();
  sampleAudio = null;
  batch(() => {
    sampleVoiceId.value = null;
    sampleState.value = 'idle';
  });
}

/**
 * Plays a short sample of a voice (synthesised once per voice and kept), or stops it when it is
 * the one already playing. `text` is the sentence to speak.
 */
export async function playVoiceSample(
  projectId: number,
  voiceId: string,
  text = VOICE_SAMPLE_TEXT,
  /** 2 for a private voice: its speech is a task polled every 5 s. */
  isPublic = 1,
) {
  const same = sampleVoiceId.value === voiceId;
  stopVoiceSample();
  if (same) return;
  batch(() => {
    sampleVoiceId.value = voiceId;
    sampleState.value = 'loading';
  });
  try {
    let url = sampleUrls.get(voiceId);
    if (!url) {
      const speech = await speakWithVoice({ id: voiceId, isPublic }, text, projectId, {
        isCurrent: () => sampleVoiceId.value === voiceId,
      });
      url = resolveServerUrl(speech.soundPath);
      sampleUrls.set(voiceId, url);
    }
    if (sampleVoiceId.value !== voiceId) return;
    const audio = new Audio(url);
    sampleAudio = audio;
    const finish = () => {
      if (sampleAudio === audio) stopVoiceSample();
    };
    audio.onended = finish;
    audio.onerror = finish;
    await audio.play();
    if (sampleAudio === audio) sampleState.value = 'playing';
  } catch (error) {
    // The client already showed the server's message; a refused autoplay needs no toast.
    if (error instanceof VoiceTaskFailed) showMessage('error', error.message);
    if (sampleVoiceId.value === voiceId) stopVoiceSample();
  }
}
