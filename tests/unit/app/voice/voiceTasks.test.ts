import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/client';

const api = vi.hoisted(() => ({
  textToSpeech: vi.fn(),
  textToWav: vi.fn(),
  wavPath: vi.fn(),
}));
vi.mock('../../../../src/app/services/http', () => ({
  studioApi: { textToSpeech: api.textToSpeech },
  timbreApi: { textToWav: api.textToWav, wavPath: api.wavPath },
  http: {},
  confirmLogout: vi.fn(),
}));

const { pollVoiceTask, speakWithVoice, VoiceTaskCancelled, VoiceTaskFailed } =
  await import('../../../../src/app/state/voiceTasks');

const speech = {
  soundPath: '/files/u/1/audio/a.wav',
  soundTime: 2.5,
  timingsPath: '/files/u/1/audio/a.json',
};
const answer = (code: number, msg: string) => new ApiError(msg, 'business', code, { code, msg });

describe('private-voice task polling (spec 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    Object.values(api).forEach((f) => f.mockReset());
  });
  afterEach(() => vi.useRealTimers());

  it('polls every 5 s: other codes warn and keep polling, 200 resolves with the audio', async () => {
    api.wavPath
      .mockRejectedValueOnce(answer(202, '语音合成中，请稍候'))
      .mockRejectedValueOnce(answer(202, '语音合成中，请稍候'))
      .mockResolvedValueOnce({ code: 200, msg: '合成成功', data: speech });
    const pending: string[] = [];
    const result = pollVoiceTask('7', { onPending: (m) => pending.push(m) });
    await vi.advanceTimersByTimeAsync(4999);
    expect(api.wavPath).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.wavPath).toHaveBeenCalledTimes(1);
    expect(api.wavPath).toHaveBeenCalledWith('7', { quiet: true });
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toEqual(speech);
    expect(api.wavPath).toHaveBeenCalledTimes(3);
    expect(pending).toEqual(['语音合成中，请稍候', '语音合成中，请稍候']);
  });

  it('stops at 201 with the server’s reason', async () => {
    api.wavPath.mockRejectedValue(answer(201, '音色不存在'));
    const result = pollVoiceTask('8', { intervalMs: 10 });
    const check = expect(result).rejects.toEqual(new VoiceTaskFailed('音色不存在'));
    await vi.advanceTimersByTimeAsync(10);
    await check;
    expect(api.wavPath).toHaveBeenCalledTimes(1);
  });

  it('stops polling once the caller has moved on', async () => {
    api.wavPath.mockRejectedValue(answer(202, 'pending'));
    let current = true;
    const result = pollVoiceTask('9', { intervalMs: 10, isCurrent: () => current });
    const check = expect(result).rejects.toBeInstanceOf(VoiceTaskCancelled);
    await vi.advanceTimersByTimeAsync(25);
    current = false;
    await vi.advanceTimersByTimeAsync(50);
    await check;
    expect(api.wavPath).toHaveBeenCalledTimes(2);
  });

  it('speaks public voices at once and private voices through textToWav + wavPath', async () => {
    api.textToSpeech.mockResolvedValue({ code: 200, msg: '', data: speech });
    await expect(speakWithVoice({ id: 'espeak-zh-male', isPublic: 1 }, '你好', 3)).resolves.toEqual(speech);
    expect(api.textToSpeech).toHaveBeenCalledWith({ projectId: 3, timbreId: 'espeak-zh-male', text: '你好' });
    expect(api.textToWav).not.toHaveBeenCalled();

    api.textToWav.mockResolvedValue({ code: 200, msg: '', data: { taskId: '12' } });
    api.wavPath.mockResolvedValue({ code: 200, msg: '', data: speech });
    const result = speakWithVoice({ id: '5', isPublic: 2 }, '你好', 3, { intervalMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    await expect(result).resolves.toEqual(speech);
    expect(api.textToWav).toHaveBeenCalledWith({ id: '5', text: '你好', projectId: 3 });
    expect(api.wavPath).toHaveBeenCalledWith('12', { quiet: true });
  });
});
