import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { CharacterItem } from '../../src/api/library.contract';
import { moveTexture, type Box } from '../../src/model/project';
import type { MouthCue } from '../../src/model/speech';
import { buildStageScene, type StageTarget } from '../../src/render';
import { Stage, type StageApi } from '../../src/render/pixi/Stage';
import { benchDocument, LIB } from './benchDoc';
import { DomStage } from './DomStage';

/*
 * The stage bench page (bench/stage.ts drives it in Chromium): one busy page drawn by the product's
 * PixiJS stage (?mode=pixi) or by plain DOM elements at the same boxes (?mode=dom, the baseline),
 * with ?stickers=N, ?video=1 and ?talk=1. window.bench tells the driver what happened.
 */

const q = new URLSearchParams(location.search);
const mode = q.get('mode') === 'dom' ? 'dom' : 'pixi';
const stickers = Number(q.get('stickers') ?? 100);
const video = q.get('video') === '1';
const talking = q.get('talk') === '1';
const gifs = q.get('gifs') !== '0';

const dir = `${LIB}/characters/xiaoya`;
const shapes = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'X'];
const presenter: CharacterItem = {
  id: 'xiaoya',
  name: '小雅',
  static_img: `${dir}/static.png`,
  icon: `${dir}/icon.png`,
  status: 1,
  isPublic: 1,
  type: 1,
  video: '',
  timbreInfo: '',
  sex: 2,
  style: 'business',
  width: 800,
  height: 1400,
  rig: {
    body: `${dir}/body.png`,
    blink: `${dir}/blink.png`,
    mouths: Object.fromEntries(shapes.map((s) => [s, `${dir}/mouth-${s}.png`])),
    mouth: { x: 340, y: 392, width: 120, height: 80 },
    eyes: { x: 316, y: 318, width: 168, height: 50 },
  },
};

// Speech-like mouth changes at 10 Hz for a minute, on a looping clock.
const timeline: MouthCue[] = Array.from({ length: 600 }, (_, i) => ({
  startMs: i * 100,
  shape: shapes[(i * 5) % shapes.length] as MouthCue['shape'],
}));
const clock = () => performance.now() % 60_000;
const talk = talking ? { timeline, clockMs: clock, pageMs: clock, blinks: [1200, 4300, 8100] } : null;
const labels = {
  stage: '画面预览',
  blankPage: '空白页',
  noPresenter: '请选择数字人',
  cardHint: '无PPT · 仅编辑时显示，不出现在视频中',
  items: {
    background: '背景',
    slide: 'PPT',
    card: '空白页',
    video: '视频',
    presenter: '数字人',
    sticker: '贴图',
    gif: 'GIF',
  },
};
const VIDEO = { playing: true, atMs: 0, seekKey: 0, muted: true, loop: true, volume: 0 };

interface BenchWindow {
  bench: { mode: string; api: StageApi | null; commits: number; readyAt: number };
}
const w = window as unknown as BenchWindow;
w.bench = { mode, api: null, commits: 0, readyAt: 0 };

function PixiBench() {
  const [doc, setDoc] = useState(() => benchDocument(stickers, video, gifs));
  const [selected, setSelected] = useState<string | null>(null);
  const scene = useMemo(
    () => buildStageScene({ doc, pageAt: 0, isScale: 1, aspects: { character: 800 / 1400 } }),
    [doc],
  );
  const editing = useMemo(
    () => ({
      selectedId: selected,
      onSelect: (t: StageTarget | null) => setSelected(t?.id ?? null),
      onCommit: (t: StageTarget, box: Box) => {
        w.bench.commits++;
        if (t.kind !== 'sticker') return;
        const r = moveTexture(doc, 0, t.index, box);
        if (r.ok) setDoc(r.value);
      },
    }),
    [selected, doc],
  );
  return (
    <Stage
      scene={scene}
      resolveUrl={(p) => p}
      presenter={presenter}
      talk={talk}
      video={VIDEO}
      labels={labels}
      editing={editing}
      onReady={(api) => {
        w.bench.api = api;
        // From here the stage loads its pictures and decodes its GIFs.
        if (api && !w.bench.readyAt) w.bench.readyAt = performance.now();
      }}
      testId="bench-stage"
    />
  );
}

createRoot(document.getElementById('root')!).render(
  mode === 'dom' ? <DomStage doc={benchDocument(stickers, video, gifs)} talk={talking} /> : <PixiBench />,
);
