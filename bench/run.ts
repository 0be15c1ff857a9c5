import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { buildServer } from '../src/server/buildServer';
import { loadConfig } from '../src/server/config';
import { newDocument, toExportDocument, type ProjectDocument } from '../src/model/project';
import { composeBaselineStill, encoderAlone, naiveRender, type BaselinePage } from './baselines';

// `npm run bench`: the figures of the README's performance section, measured on this machine and
// written to bench/results/latest.json. Benchmarks are not timed tests: they only report.
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-bench-'));
const server = await buildServer({
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') }),
  webDir: undefined,
  logLevel: 'silent',
  loginRateLimit: 100_000,
});
await server.http.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(server.http.server.address() as { port: number }).port}`;
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  cpus: cpus().length,
  cpu: cpus()[0]?.model,
};

async function call(url: string, body: unknown, token?: string) {
  const res = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: any; token?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (json.code !== 200) throw new Error(`${url}: ${json.msg}`);
  return json;
}
const seconds = (ms: number) => Math.round(ms) / 1000;

try {
  const userId = await server.services.accounts.createUser('bench', 'bench123456');
  const token = (await call('/virtual/v1/login', { username: 'bench', password: 'bench123456' })).token!;
  const projectId = (await call('/virtual/v1/userPro/add', { proKind: 3 }, token)).data as number;

  // PDF rasterising: the 3-page Chinese fixture, pages at 1920 px.
  const form = new FormData();
  form.append(
    'resources',
    new Blob([readFileSync(path.join(root, 'tests/fixtures/slides-zh-3p.pdf'))]),
    'deck.pdf',
  );
  let t0 = performance.now();
  const upload = await fetch(`${base}/virtual/v1/userPpt/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { pptId } = ((await upload.json()) as { data: { pptId: number } }).data;
  let info;
  do {
    await new Promise((r) => setTimeout(r, 50));
    info = (await call('/virtual/v1/userPpt/info', { pptId }, token)).data;
  } while (info.status === 'processing');
  results.pdf = {
    pages: info.pageCount,
    seconds: seconds(performance.now() - t0),
    note: 'upload + rasterise 3 pages at 1920 px, incl. worker start',
  };

  // Text-to-speech for 10 pages of about 18 s each.
  const sentence =
    '欢迎大家参加本次产品介绍会，我们将用几分钟时间，带您了解数字人视频工作台的主要功能和使用方法。';
  const texts = Array.from({ length: 10 }, (_, i) => `第${i + 1}部分。${sentence}${sentence.slice(0, 20)}`);
  t0 = performance.now();
  const audio: { soundPath: string; soundTime: number }[] = [];
  for (const text of texts) {
    audio.push(
      (await call('/notice/v1/timbre/textToSpeech', { projectId, timbreId: 'espeak-zh-female', text }, token))
        .data,
    );
  }
  const ttsMs = performance.now() - t0;
  const narrationS = audio.reduce((s, a) => s + a.soundTime, 0);
  results.tts = {
    pages: 10,
    audioSeconds: narrationS,
    seconds: seconds(ttsMs),
    realtimeFactor: +(narrationS / (ttsMs / 1000)).toFixed(1),
  };

  // Render: 10 pages, slide images, presenter with lip-sync and blinks, subtitles, 1080p.
  const d = newDocument({ projectName: 'bench' });
  const img = (n: number) => `${info.basePath}${info.uuidStr}/images/${(n % 3) + 1}.png`;
  const doc: ProjectDocument = {
    ...d,
    subtitle: 1,
    character: {
      ...d.character,
      uuid: 'xiaoya',
      name: '小雅',
      voiceId: 'espeak-zh-female',
      voiceName: '中文女声',
      X: 45,
      Y: 150,
      width: 224,
      height: 392,
    },
    scene: {
      ...d.scene,
      uuid: 'studio',
      path: '/library/scenes/studio.jpg',
      icon: '/library/scenes/studio.jpg',
    },
    ppt: {
      ...d.ppt,
      maxNum: 10,
      uuid: info.uuidStr,
      pages: texts.map((text, i) => ({
        ...d.ppt.pages[0],
        index: i + 1,
        img: img(i),
        text,
        textdome: text,
        tts: audio[i].soundPath,
        soundTime: audio[i].soundTime,
      })),
    },
  };
  // Full render (cold page cache), then the same project after one page's narration changed.
  let revision = 0;
  const render = async (document: ProjectDocument) => {
    const update = {
      projectId,
      userProjectInfo: JSON.stringify(toExportDocument(document)),
      original: 2,
      revision,
    };
    revision = (await call('/virtual/v1/userPro/update', update, token)).data.revision;
    const started = performance.now();
    await call('/virtual/v1/userPro/composeProject', { projectId }, token);
    let status;
    do {
      await new Promise((r) => setTimeout(r, 100));
      status = (await call('/virtual/v1/userPro/composeStatus', { projectId }, token)).data;
    } while (status.status === 'queued' || status.status === 'rendering');
    if (status.status !== 'done') throw new Error(`render ${status.status}: ${status.message}`);
    return { ms: performance.now() - started, video: status.video };
  };
  const full = await render(doc);
  const videoS = full.video.durationMs / 1000;
  results.render = {
    pages: 10,
    subtitles: true,
    resolution: `${full.video.width}x${full.video.height}`,
    videoSeconds: videoS,
    renderSeconds: seconds(full.ms),
    realtimeFactor: +(videoS / (full.ms / 1000)).toFixed(2),
    sizeMB: +(full.video.size / 1e6).toFixed(1),
  };

  const edited = `第4部分。这一页的旁白改过了：${sentence}`;
  const clip = (
    await call(
      '/notice/v1/timbre/textToSpeech',
      { projectId, timbreId: 'espeak-zh-female', text: edited },
      token,
    )
  ).data;
  const pages = doc.ppt.pages.map((p, i) =>
    i === 3 ? { ...p, text: edited, textdome: edited, tts: clip.soundPath, soundTime: clip.soundTime } : p,
  );
  const again = await render({ ...doc, ppt: { ...doc.ppt, pages } });
  results.rerenderOnePage = {
    note: 'page 4 narration re-synthesised; the other 9 pages come from the page cache',
    renderSeconds: seconds(again.ms),
    ratioToFullRender: +(again.ms / full.ms).toFixed(3),
    target: '< 0.15',
  };
  // The cost of burning in subtitles: the edited project again with subtitles off (all pages miss).
  const plain = await render({ ...doc, subtitle: 2, ppt: { ...doc.ppt, pages } });
  (results.render as Record<string, unknown>).realtimeFactorWithoutSubtitles = +(
    plain.video.durationMs / plain.ms
  ).toFixed(2);

  // Baselines on the same 10 pages: the naive `-loop 1` way, and x264 alone as the physical limit.
  const exported = toExportDocument(doc);
  const baseDir = path.join(dataDir, 'baselines');
  mkdirSync(baseDir, { recursive: true });
  const rig = server.services.library.character('xiaoya')!;
  const fileOf = (url: string) =>
    server.services.library.filePath(url) ??
    server.files.resolve(url.replace(/^\/files\//, '').split('?')[0]);
  const baselinePages: BaselinePage[] = [];
  for (const [i, page] of exported.ppt.pages.entries()) {
    const still = path.join(baseDir, `still-${i}.png`);
    const { scene, character } = exported;
    await composeBaselineStill(still, {
      background: fileOf(scene.path),
      slide: {
        file: fileOf(page.img),
        box: { x: scene.pptX, y: scene.pptY, width: scene.pptWidth, height: scene.pptHeight },
      },
      character: {
        file: fileOf(rig.static_img),
        box: { x: character.X, y: character.Y, width: character.width, height: character.height },
      },
    });
    baselinePages.push({ still, audio: fileOf(audio[i].soundPath), durationMs: audio[i].soundTime * 1000 });
  }
  const naiveMs = await naiveRender(baselinePages, baseDir);
  const encoderMs = await encoderAlone(baselinePages, baseDir);
  results.baselines = {
    note: 'same 10 pages, 1080p, veryfast; the naive baseline has no lip-sync, blinks or subtitles',
    naiveLoop1Seconds: seconds(naiveMs),
    naiveRealtimeFactor: +(videoS / (naiveMs / 1000)).toFixed(2),
    oursVsNaive: +(naiveMs / plain.ms).toFixed(2),
    encoderAloneSeconds: seconds(encoderMs),
    encoderAloneRealtimeFactor: +(videoS / (encoderMs / 1000)).toFixed(2),
    oursVsEncoderAlone: +(encoderMs / plain.ms).toFixed(2),
  };

  // API throughput: authenticated profile reads, 32 in flight for 3 s.
  const deadline = performance.now() + 3000;
  let requests = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (performance.now() < deadline) {
        await fetch(`${base}/api/v1/user/profile`, { headers: { authorization: `Bearer ${token}` } }).then(
          (r) => r.arrayBuffer(),
        );
        requests++;
      }
    }),
  );
  results.api = { endpoint: 'GET /api/v1/user/profile', requestsPerSecond: Math.round(requests / 3) };
  void userId;
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}

mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify(results, null, 2) + '\n');
console.log(JSON.stringify(results, null, 2));
process.exit(0);
