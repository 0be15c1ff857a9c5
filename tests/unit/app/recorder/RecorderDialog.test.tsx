import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, http: {}, confirmLogout: vi.fn() }));

import { i18n } from '../../../../src/app/i18n';
import { toasts } from '../../../../src/app/state/messages';
import { RecorderHost } from '../../../../src/app/screens/editor/recorder/RecorderHost';
import {
  closeRecorder,
  openRecorder,
  recorderOpen,
  recorderStatus,
  setRecorderDeps,
  type RecorderStatus,
} from '../../../../src/app/state/recorder';

const BUTTONS = [
  'start',
  'pause',
  'resume',
  'stop',
  'play',
  'pause-play',
  'resume-play',
  'stop-play',
  'upload',
] as const;

const enabled = () =>
  BUTTONS.filter((id) => !(screen.getByTestId(`recorder-${id}`) as HTMLButtonElement).disabled);

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});
afterEach(() => {
  cleanup();
  closeRecorder();
  setRecorderDeps();
});

describe('RecorderDialog', () => {
  it('opens from the shared signal with the spec buttons in Chinese', () => {
    render(<RecorderHost />);
    expect(screen.queryByTestId('recorder-dialog')).toBeNull();
    act(() => openRecorder());
    const labels = BUTTONS.map((id) => screen.getByTestId(`recorder-${id}`).textContent);
    expect(labels).toEqual([
      '开始录音',
      '暂停',
      '继续',
      '停止',
      '播放',
      '暂停播放',
      '继续播放',
      '停止播放',
      '上传录音',
    ]);
    expect(screen.getByTestId('recorder-elapsed').textContent).toBe('0:00.0');
    expect(screen.getByTestId('recorder-live-wave')).toBeTruthy();
  });

  it('enables each button only in the states where it acts', () => {
    render(<RecorderHost />);
    act(() => openRecorder());
    const expected: Record<RecorderStatus, string[]> = {
      idle: ['start'],
      starting: [],
      recording: ['pause', 'stop'],
      paused: ['resume', 'stop'],
      finishing: [],
      stopped: ['start', 'play', 'upload'],
      playing: ['pause-play', 'stop-play', 'upload'],
      playbackPaused: ['resume-play', 'stop-play', 'upload'],
      uploading: [],
    };
    for (const [status, ids] of Object.entries(expected)) {
      act(() => void (recorderStatus.value = status as RecorderStatus));
      expect({ status, enabled: enabled() }).toEqual({ status, enabled: ids });
    }
  });

  it('starts recording with 开始录音 and shows the device error when there is none', async () => {
    const e = Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    setRecorderDeps({ capture: async () => ({ start: () => Promise.reject(e) }) });
    render(<RecorderHost />);
    act(() => openRecorder());
    await act(async () => fireEvent.click(screen.getByTestId('recorder-start')));
    expect(recorderStatus.value).toBe('idle');
    expect(toasts.value.at(-1)?.text).toBe(
      'NotAllowedError: Permission denied 未找到录音设备，如已插入，请保存后刷新',
    );
  });

  it('closing the dialog resets it; unmounting the editor closes it', () => {
    const { unmount } = render(<RecorderHost />);
    act(() => openRecorder());
    unmount();
    expect(recorderOpen.value).toBe(false);
  });
});
