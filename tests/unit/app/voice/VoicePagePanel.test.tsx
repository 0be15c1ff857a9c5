import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ uploadPageAudio: vi.fn(), textToSpeech: vi.fn() }));
vi.mock('../../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import { VoicePagePanel } from '../../../../src/app/screens/editor/voice/VoicePagePanel';
import { checkAudioFile, formatAudioTime } from '../../../../src/app/screens/editor/voice/pageAudioUpload';
import { i18n } from '../../../../src/app/i18n';
import { currentPage, doc, projectId, undo } from '../../../../src/app/state/editor';
import { toasts } from '../../../../src/app/state/messages';
import { recorderOpen } from '../../../../src/app/state/recorder';
import { setPageAudio } from '../../../../src/model/project/narrationMode';
import {
  documentSchema,
  switchToVoiceMode,
  withTimes,
  type ProjectDocument,
} from '../../../../src/model/project';

const TYPE = '必须上传格式为WAV、MP3、M4A、OGG、AAC、WMA、FLAC文件';
const GB = 1024 * 1024 * 1024;

function voiceDocument(): ProjectDocument {
  const d = withTimes(
    documentSchema.parse({
      projectName: 'p',
      ppt: { pages: [{ index: 1, text: '第一页', textdome: '第一页' }, { index: 2 }] },
    }),
  );
  const r = switchToVoiceMode(d, 1);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const lastToast = () => toasts.value.at(-1)?.text;
const pick = (file: File) =>
  fireEvent.change(screen.getByTestId('voice-upload-input'), { target: { files: [file] } });
const audioFile = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name);

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  api.uploadPageAudio.mockReset();
  act(() => {
    doc.value = voiceDocument();
    projectId.value = 42;
    currentPage.value = 1;
    toasts.value = [];
    recorderOpen.value = false;
  });
  render(<VoicePagePanel />);
});
afterEach(() => cleanup());

describe('client-side audio checks (spec 5)', () => {
  it('accepts the seven formats under 1 GB, case-insensitively', () => {
    for (const ext of ['wav', 'MP3', 'm4a', 'ogg', 'aac', 'wma', 'FLAC']) {
      expect(checkAudioFile({ name: `讲解.${ext}`, size: 1000 })).toBeNull();
    }
    expect(checkAudioFile({ name: 'a.mp3', size: GB - 1 })).toBeNull();
  });

  it('refuses other types and files of 1 GB or more with the spec messages', () => {
    for (const name of ['a.mp4', 'a.pdf', 'mp3', 'a.mp3.exe'])
      expect(checkAudioFile({ name, size: 10 })).toBe(TYPE);
    expect(checkAudioFile({ name: 'a.wav', size: GB })).toBe('上传文件大小不可大于1G');
  });

  it('formats durations as m:ss.cc', () => {
    expect(formatAudioTime(1.8)).toBe('0:01.80');
    expect(formatAudioTime(75.25)).toBe('1:15.25');
    expect(formatAudioTime(0)).toBe('0:00.00');
  });
});

describe('voice page panel', () => {
  it('starts empty with 上传音频 and 录制音频; the input accepts the audio extensions', () => {
    expect(screen.getByTestId('voice-empty').textContent).toContain('未上传音频');
    expect(screen.getByTestId('voice-upload').textContent).toContain('上传音频');
    expect(screen.getByTestId('voice-upload-input').getAttribute('accept')).toBe(
      '.wav,.mp3,.m4a,.ogg,.aac,.wma,.flac',
    );
    fireEvent.click(screen.getByTestId('voice-record'));
    expect(recorderOpen.value).toBe(true);
  });

  it('refuses a wrong type before uploading', () => {
    pick(audioFile('slides.pdf'));
    expect(lastToast()).toBe(TYPE);
    expect(api.uploadPageAudio).not.toHaveBeenCalled();
  });

  it('uploads with progress, then the page has the audio; 删除音频 removes it and undo restores it', async () => {
    let finish: (v: unknown) => void = () => undefined;
    let progress: (p: number) => void = () => undefined;
    api.uploadPageAudio.mockImplementation(
      (_p: number, _s: number, _f: File, _n: string, onProgress: (p: number) => void) => {
        progress = onProgress;
        return new Promise((resolve) => (finish = resolve));
      },
    );
    pick(audioFile('旁白.mp3'));
    expect(api.uploadPageAudio).toHaveBeenCalledWith(
      42,
      2,
      expect.any(File),
      '旁白.mp3',
      expect.any(Function),
    );
    act(() => progress(37));
    expect(screen.getByTestId('voice-upload-progress').textContent).toContain('正在上传 37%');
    expect(screen.getByTestId('voice-upload')).toHaveProperty('disabled', true);
    act(() => progress(100));
    expect(screen.getByTestId('voice-upload-percent').textContent).toBe('正在分析音频…');

    const path = '/files/u/1/audio/abc.wav';
    await act(async () =>
      finish({ code: 200, msg: '', data: { path, soundTime: 1.8, resId: 'abc', timingsPath: '' } }),
    );
    await waitFor(() => expect(screen.getByTestId('voice-audio-row')).toBeTruthy());
    expect(doc.value!.ppt.pages[1]).toMatchObject({
      istts: 1,
      tts: path,
      soundTime: 1.8,
      formattedTime: '1.8',
    });
    expect(screen.getByTestId('voice-audio-name').textContent).toBe('旁白.mp3');
    expect(screen.getByTestId('voice-audio-duration').textContent).toBe('0:01.80');
    expect(screen.getByTestId('voice-upload').textContent).toContain('重新上传');

    act(() => {
      fireEvent.click(screen.getByTestId('voice-delete'));
    });
    expect(doc.value!.ppt.pages[1]).toMatchObject({ istts: 1, tts: '', soundTime: 0 });
    expect(screen.getByTestId('voice-empty')).toBeTruthy();
    act(() => undo());
    expect(doc.value!.ppt.pages[1].tts).toBe(path);
  });

  it('after a reload, names the audio by the file name the server kept in its timings', async () => {
    const timings: Record<string, unknown> = {
      '/files/u/1/audio/old.json': { durationMs: 2400, words: [], mouth: [], sourceName: '第二页旁白.m4a' },
      '/files/u/1/audio/older.json': { durationMs: 2400, words: [], mouth: [] },
    };
    const fetched = vi.fn(async (url: string) => {
      const body = timings[new URL(url, 'http://x').pathname];
      return new Response(JSON.stringify(body), { status: body ? 200 : 404 });
    });
    vi.stubGlobal('fetch', fetched);
    try {
      const audio = (path: string) => {
        const r = setPageAudio.perform(voiceDocument(), 1, { path, soundTime: 2.4 });
        if (!r.ok) throw new Error(r.error);
        act(() => {
          doc.value = r.value;
        });
      };
      audio('/files/u/1/audio/old.wav');
      await waitFor(() => expect(screen.getByTestId('voice-audio-name').textContent).toBe('第二页旁白.m4a'));
      expect(screen.getByTestId('voice-audio-name').getAttribute('title')).toBe('第二页旁白.m4a');
      // Audio stored before names were kept: the generic label, never an empty or stale name.
      audio('/files/u/1/audio/older.wav');
      await waitFor(() => expect(fetched).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(screen.getByTestId('voice-audio-name').textContent).toBe('已上传音频'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the page unchanged when the server refuses the file', async () => {
    api.uploadPageAudio.mockRejectedValue(new Error('音频文件无法读取，请确认文件未损坏'));
    pick(audioFile('fake.mp3'));
    await waitFor(() => expect(screen.getByTestId('voice-upload')).toHaveProperty('disabled', false));
    expect(doc.value!.ppt.pages[1].tts).toBe('');
    expect(screen.getByTestId('voice-empty')).toBeTruthy();
  });

  it('does not give the audio to a page that left voice mode meanwhile', async () => {
    let finish: (v: unknown) => void = () => undefined;
    api.uploadPageAudio.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    pick(audioFile('a.wav'));
    act(() => {
      doc.value = withTimes(documentSchema.parse({ projectName: 'p', ppt: { pages: [{}, {}] } }));
    });
    await act(async () =>
      finish({
        code: 200,
        msg: '',
        data: { path: '/files/x.wav', soundTime: 1, resId: 'x', timingsPath: '' },
      }),
    );
    expect(doc.value!.ppt.pages[1].tts).toBe('');
    expect(lastToast()).toBe('该页已不是语音模式，上传的音频未使用');
  });
});
