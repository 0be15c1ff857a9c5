import { describe, expect, it } from 'vitest';
import type { SpeechTimings } from '../../../../src/api/speech.contract';
import { clipLengthMs, stickerStartMs } from '../../../../src/model/motion';
import { pageSchema } from '../../../../src/model/project';
import type { MouthCue } from '../../../../src/model/speech';
import { talkMotion } from '../../../../src/app/screens/presenter/useStageTalk';
import { pageMotion } from '../../../../src/server/video/speaking';

/*
 * The stage shows the render's motion on a page with several narration clips: whichever clip 试听
 * plays, nods, brow lifts and gestures come from all the page's clips on the page clock (the
 * render's pageMotion), and the heard clip's clock is shifted by where it starts. Each clip lasts
 * whole frames on the page (planPages pads it), and moves on a clock of its own.
 */

/** A clip: speech with a pause in the middle (a sentence end) and the given words. */
function clip(durationMs: number, words: SpeechTimings['words']): SpeechTimings {
  const mouth: MouthCue[] = [
    { startMs: 0, shape: 'B' },
    { startMs: 300, shape: 'D' },
    { startMs: 900, shape: 'X' },
    { startMs: 1500, shape: 'C' },
    { startMs: 2400, shape: 'E' },
    { startMs: durationMs - 500, shape: 'X' },
  ];
  return { durationMs, mouth, words } as SpeechTimings;
}

const first = clip(3130, [{ text: '大家', startMs: 100, endMs: 400 }]);
// 请看 makes the presenter point: 3 s into the second clip.
const second = clip(6270, [{ text: '请看', startMs: 3000, endMs: 3400 }]);
const page = pageSchema.parse({
  childList: [
    { ttsText: '大家好', tts: '/files/audio/a1.wav' },
    { ttsText: '请看这里', tts: '/files/audio/a2.wav' },
  ],
  // A sticker at the start of the second segment: the presenter points at it too.
  textureList: [{ textureId: 'ab12', path: '/s.png', position: 2, id: 's1' }],
});

describe('the stage presenter on a page of several clips', () => {
  // 3130 ms -> 3160 (79 frames), 6270 -> 6280: the render plans each clip in whole frames.
  const [firstMs, secondMs] = [clipLengthMs(first.durationMs), clipLengthMs(second.durationMs)];
  const durationMs = firstMs + secondMs;
  const render = pageMotion({
    index: 3,
    fps: 25,
    durationMs,
    audio: [first, second].map((t, i) => ({
      file: `a${i}.wav`,
      durationMs: [firstMs, secondMs][i],
      mouth: t.mouth as MouthCue[],
      words: t.words,
    })),
    stickers: [{ startMs: stickerStartMs(2, [first, second], durationMs, 25) } as never],
  });

  it("moves as the render's page does while the second clip is heard", () => {
    const stage = talkMotion([first, second], page, 1, 3);
    expect(stage.motion).toEqual(render);
    expect(stage.offsetMs).toBe(firstMs);
    expect(stage.timeline).toEqual(second.mouth);
    expect(render.segments).toEqual([
      { startMs: 0, endMs: firstMs },
      { startMs: firstMs, endMs: durationMs },
    ]);
    // The page's gestures: the sticker at the second clip's start (its segment's first frame),
    // 请看 later in it.
    expect(stage.motion.gestures.map((g) => g.pose)).toEqual(['point', 'point']);
    expect(stage.motion.gestures[0].startMs).toBe(firstMs);
    expect(stage.motion.gestures[1].startMs).toBeGreaterThanOrEqual(firstMs + 3000 - 200 - 40);
    // Sentence-end nods of both clips, on the page clock.
    expect(render.nods.some((n) => n.atMs > firstMs)).toBe(true);
    expect(render.nods.some((n) => n.atMs < firstMs)).toBe(true);
  });

  it('moves on the clip clock for a clip heard on its own (an unsaved 试听)', () => {
    const alone = talkMotion([second], null, 0, 3);
    expect(alone.offsetMs).toBe(0);
    expect(alone.motion.gestures.map((g) => g.startMs)).toEqual([2800]);
  });
});
