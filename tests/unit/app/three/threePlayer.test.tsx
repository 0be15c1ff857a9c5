import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../src/app/services/http', () => ({ studioApi: {}, http: {}, confirmLogout: vi.fn() }));

import { i18n } from '../../../../src/app/i18n';
import { ThreeStage } from '../../../../src/app/screens/three/ThreeStage';
import {
  isPlaying,
  pause,
  play,
  positionMs,
  resetPlayback,
  seek,
  stageIsScale,
  stagePageAt,
  togglePlay,
} from '../../../../src/app/state/threePlayback';
import {
  partialPages,
  silentPages,
  threeProject,
  threeTimeline,
} from '../../../../src/app/state/threePreview';
import { addPage, newDocument, type ProjectDocument } from '../../../../src/model/project';

/**
 * Two pages without audio yet (timed by the 0.14 s/char estimate): page 1 has three segments,
 * normal, PPT全屏 and 人物半身, of 10 characters (1.4 s) each, and stickers at segments 1, 2 and
 * after the last; page 2 is one segment of 5 characters (0.7 s).
 */
function project(): ProjectDocument {
  let d = newDocument();
  for (let i = 0; i < 2; i++) {
    const r = addPage(d);
    if (!r.ok) throw new Error(r.error);
    d = r.value;
  }
  const segment = (ttsText: string, isScale: 1 | 2 | 3 | 4, index: number) => ({
    ttsText,
    tts: '',
    mouthVideo: '',
    isScale,
    index,
  });
  const sticker = (position: number, k: number) => ({
    textureId: `s00${k}`,
    path: `/files/t/${k}.png`,
    x: 20 * k,
    y: 20,
    width: 100,
    height: 100,
    position,
    id: `i${k}`,
  });
  const [p1, p2] = d.ppt.pages;
  return {
    ...d,
    character: {
      ...d.character,
      uuid: 'nobody',
      staticImg: '/c.png',
      name: '小雅',
      X: 40,
      Y: 150,
      width: 150,
      height: 300,
    },
    ppt: {
      ...d.ppt,
      pages: [
        {
          ...p1,
          // A PDF page: a blank page's card is an editing place-holder the player leaves out.
          img: '/files/u/1/slides/1.png',
          text: '一二三四五六七八九十'.repeat(3),
          childList: [
            segment('一二三四五六七八九十', 1, 1),
            segment('一二三四五六七八九十', 2, 2),
            segment('一二三四五六七八九十', 4, 3),
          ],
          textureList: [sticker(1, 0), sticker(2, 1), sticker(4, 2)],
        },
        { ...p2, text: '第二页讲解', childList: [segment('第二页讲解', 1, 1)] },
      ],
    },
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'performance'] });
  threeProject.value = { id: 1, name: '测试', doc: project() };
  resetPlayback();
});
afterEach(() => {
  resetPlayback();
  cleanup();
  threeProject.value = null;
  vi.useRealTimers();
});

describe('/three player on pages without audio', () => {
  it('builds the timeline from the estimates and lists the silent pages', () => {
    const t = threeTimeline.value!;
    expect(t.pages.map((p) => [p.startMs, p.endMs])).toEqual([
      [0, 4200],
      [4200, 4920],
    ]);
    expect(silentPages.value).toEqual([1, 2]);
  });

  it('plays on the wall clock, moves to page 2 at the end of page 1, pauses and stops at the end', () => {
    play();
    expect(isPlaying.value).toBe(true);
    act(() => void vi.advanceTimersByTime(1000));
    expect(positionMs.value).toBeGreaterThanOrEqual(950);
    expect(positionMs.value).toBeLessThanOrEqual(1050);
    expect(stagePageAt.value).toBe(0);
    act(() => void vi.advanceTimersByTime(3300));
    expect(stagePageAt.value).toBe(1);
    togglePlay();
    const held = positionMs.value;
    act(() => void vi.advanceTimersByTime(2000));
    expect(positionMs.value).toBe(held);
    togglePlay();
    act(() => void vi.advanceTimersByTime(5000));
    expect(isPlaying.value).toBe(false);
    expect(positionMs.value).toBe(4920);
    // Play at the end starts again from the beginning.
    play();
    expect(positionMs.value).toBeLessThan(100);
    pause();
  });

  it('frames each segment by its shot tag and shows stickers from their segment on', () => {
    const page = threeTimeline.value!.pages[0];
    render(<ThreeStage doc={threeProject.value!.doc} page={page} />);
    // The stage's item list: what the canvas draws, with its box in preview units.
    const item = (id: string) => document.querySelector<HTMLElement>(`.ps-stage-items [data-id="${id}"]`);
    const textures = threeProject.value!.doc.ppt.pages[0].textureList;
    const stickers = () =>
      [...document.querySelectorAll<HTMLElement>('.ps-stage-items [data-id^="sticker:"]')].map(
        (li) => textures[Number(li.dataset.index)].textureId,
      );

    act(() => seek(500));
    expect(stageIsScale.value).toBe(1);
    expect(screen.getByTestId('three-stage').dataset.framing).toBe('1');
    expect(item('presenter')).toBeTruthy();
    expect(item('slide')).toBeTruthy();
    expect(stickers()).toEqual(['s000']);
    expect(screen.getByTestId('three-silent').textContent).toContain('第1页尚未合成语音');

    // PPT全屏: the slide fills the frame, no presenter.
    act(() => seek(1500));
    expect(screen.getByTestId('three-stage').dataset.framing).toBe('2');
    expect(item('presenter')).toBeNull();
    expect(item('slide')!.dataset.width).toBe('960');
    expect(screen.getByTestId('three-shot').textContent).toContain('PPT全屏');
    expect(stickers()).toEqual(['s000', 's001']);

    // 人物半身: presenter twice the frame height, no slide; the sticker after the last segment waits
    // for the narration's end, but shows at least 1.5 s before the page's (4200 - 1500 = 2700 ms,
    // frame 67.5: frame 68), as in the render.
    act(() => seek(2700));
    expect(stickers()).toEqual(['s000', 's001']);
    act(() => seek(3000));
    expect(item('slide')).toBeNull();
    expect(item('presenter')!.dataset.height).toBe('1080');
    expect(stickers()).toEqual(['s000', 's001', 's002']);
    expect(page.stickers.map((s) => s.startMs)).toEqual([0, 1400, 2720]);
  });
});

describe('/three player on a page with audio for some segments only', () => {
  it('keeps the segments without audio on the clock and says the page is partly unspoken', () => {
    // Page 1's first segment was synthesised (its length not loaded yet: 0), the other two edited since.
    const doc = threeProject.value!.doc;
    const [p1, p2] = doc.ppt.pages;
    const childList = p1.childList.map((c, i) => (i === 0 ? { ...c, tts: '/files/s0.wav' } : c));
    threeProject.value = {
      id: 1,
      name: '测试',
      doc: { ...doc, ppt: { ...doc.ppt, pages: [{ ...p1, childList }, p2] } },
    };
    const page = threeTimeline.value!.pages[0];
    expect(page.clips.map((c) => [c.path, c.endMs - c.startMs])).toEqual([
      ['/files/s0.wav', 0],
      ['', 1400],
      ['', 1400],
    ]);
    expect(partialPages.value).toEqual([1]);
    expect(silentPages.value).toEqual([2]);
    render(<ThreeStage doc={threeProject.value!.doc} page={page} />);
    expect(screen.getByTestId('three-partial').textContent).toContain('第1页有段落尚未合成语音');
    expect(screen.queryByTestId('three-silent')).toBeNull();
  });
});
