import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtitleMessages } from '../../src/api/subtitle.contract';
import { ffmpegPath } from '../../src/server/adapters/media/ffmpeg';
import { espeakVoices, speakWithPauses } from './helpers/spokenScript';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';

const work = mkdtempSync(path.join(tmpdir(), 'subtitle-api-'));
const SCRIPT = '大家好，欢迎使用字幕工具。上传音频并粘贴文稿，就能得到对齐的字幕。';
const wavPath = path.join(work, 'speech.wav');
const mp4Path = path.join(work, 'speech.mp4');
let wav: Buffer;
let mp4: Buffer;

/** A tiny server speaking the OpenAI transcription protocol, recording what it was sent. */
interface FakeTranscriber {
  url: string;
  requests: { path: string; auth: string; body: Buffer }[];
  server: Server;
}
function startFakeTranscriber(): Promise<FakeTranscriber> {
  const requests: FakeTranscriber['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ path: req.url ?? '', auth: req.headers.authorization ?? '', body });
      if (req.url !== '/v1/audio/transcriptions') return res.writeHead(404).end('not found');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          task: 'transcribe',
          language: 'chinese',
          duration: 4.2,
          text: '大家好，欢迎使用字幕工具。这是一段由本地转写服务识别出来的比较长的文字内容。',
          segments: [
            { id: 0, start: 0.2, end: 1.9, text: '大家好，欢迎使用字幕工具。' },
            { id: 1, start: 2.3, end: 4.1, text: '这是一段由本地转写服务识别出来的比较长的文字内容。' },
          ],
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}`, requests, server });
    }),
  );
}

beforeAll(async () => {
  await speakWithPauses(
    ['大家好，欢迎使用字幕工具。', '上传音频并粘贴文稿，就能得到对齐的字幕。'],
    espeakVoices('m3', 0.9),
    [700, 0],
    wavPath,
  );
  wav = readFileSync(wavPath);
  // A "finished video": the same speech under a plain picture.
  const run = spawnSync(ffmpegPath(), [
    '-v', 'error', '-f', 'lavfi', '-i', 'color=c=blue:s=320x180:r=10', '-i', wavPath,
    '-shortest', '-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', '-y', mp4Path,
  ]); // prettier-ignore
  if (run.status !== 0) throw new Error(String(run.stderr));
  mp4 = readFileSync(mp4Path);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(testDialects())('subtitle tool API on %s', (dialect) => {
  let t: TestServer;
  let alice: string;
  let bob: string;
  let fake: FakeTranscriber;

  beforeAll(async () => {
    fake = await startFakeTranscriber();
    process.env.TRANSCRIBE_URL = fake.url;
    process.env.TRANSCRIBE_API_KEY = 'sk-local-test';
    t = await startTestServer(dialect);
    delete process.env.TRANSCRIBE_URL;
    delete process.env.TRANSCRIBE_API_KEY;
    await t.server.services.accounts.createUser('alice', 'secret123');
    await t.server.services.accounts.createUser('bob', 'secret123');
    alice = await t.login('alice', 'secret123');
    bob = await t.login('bob', 'secret123');
  });
  afterAll(async () => {
    await t.stop();
    fake.server.close();
  });

  const upload = (server: TestServer, token: string, name: string, content: Buffer, fields = {}) => {
    const form = multipart('file', name, content, fields);
    return server.call('POST', '/notice/v1/timbre/SpeechToText', {
      token,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const waitDone = async (server: TestServer, token: string, taskId: number) => {
    let task: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    await expect
      .poll(
        async () => {
          task = (
            await server.call('POST', '/notice/v1/timbre/speechToTextStatus', { token, body: { taskId } })
          ).body.data;
          return task.status;
        },
        { timeout: 60_000, interval: 300 },
      )
      .toMatch(/done|failed/);
    return task;
  };
  const download = async (server: TestServer, url: string) => (await server.server.http.inject({ url })).body;

  it('aligns a script to an uploaded video and serves SRT and ASS to its owner only', async () => {
    const res = await upload(t, alice, '讲解.mp4', mp4, { text: SCRIPT });
    expect(res.body.code).toBe(200);
    expect(res.body.data.mode).toBe('align');
    const task = await waitDone(t, alice, res.body.data.taskId);
    expect(task.status).toBe('done');
    const cues = task.result.cues;
    expect(cues.map((c: { text: string }) => c.text)).toEqual([
      '大家好，欢迎使用字幕工具',
      '上传音频并粘贴文稿',
      '就能得到对齐的字幕',
    ]);
    // The second sentence follows the 0.7 s pause: its first cue starts after it.
    expect(cues[1].startMs).toBeGreaterThanOrEqual(cues[0].endMs);
    const srt = await download(t, task.result.srtUrl);
    expect(srt).toContain('1\r\n00:00:00,');
    expect(srt).toContain('欢迎使用字幕工具');
    const ass = await download(t, task.result.assUrl);
    expect(ass).toContain('Style: Default,NotoSansHans-Medium,54,');
    expect(ass).toMatch(/Dialogue: 0,0:00:0\d\.\d\d,0:00:0\d\.\d\d,Default,,0,0,0,,上传音频并粘贴文稿/);

    // Another user cannot see the task, and cannot fetch its files without the signature.
    const other = await t.call('POST', '/notice/v1/timbre/speechToTextStatus', {
      token: bob,
      body: { taskId: res.body.data.taskId },
    });
    expect(other.body).toMatchObject({ code: 404, msg: subtitleMessages.notFound });
    const unsigned = await t.server.http.inject({ url: task.result.srtUrl.replace(/\?.*$/, '') });
    expect(unsigned.statusCode).not.toBe(200);
    // The uploaded source is removed once the subtitles exist; only the two files stay.
    const left = (await t.stored.listAll('u')).filter((f) => f.includes('subtitle/'));
    expect(
      left
        .filter((f) => /\.(srt|ass|mp4)$/.test(f))
        .map((f) => path.extname(f))
        .sort(),
    ).toEqual(['.ass', '.srt']);
  });

  it('refuses a script of another text: nothing is shown as done', async () => {
    // A recipe of three sentences for this 5 s clip: 0.216-0.233 against the 0.02 limit. One of
    // the clip's own length measured 0.018-0.083 (alignScript.ts): over so short a clip the
    // reference's breath noise decides, which made this test fail now and then.
    const recipe =
      '首先把鸡蛋打散，加入少许盐。锅里放油，油热后倒入蛋液，快速翻炒。最后加入切好的西红柿，翻炒两分钟就可以出锅了。';
    const res = await upload(t, alice, '讲解.mp4', mp4, { text: recipe });
    expect(res.body.code).toBe(200);
    const task = await waitDone(t, alice, res.body.data.taskId);
    expect(task).toMatchObject({ status: 'failed', message: subtitleMessages.scriptMismatch });
    expect(task.result ?? null).toBeNull();
  });

  it('transcribes without a script through the OpenAI-compatible server', async () => {
    const before = fake.requests.length;
    const res = await upload(t, alice, 'speech.wav', wav, { language: 'zh' });
    expect(res.body.code).toBe(200);
    expect(res.body.data.mode).toBe('transcribe');
    const task = await waitDone(t, alice, res.body.data.taskId);
    expect(task.status).toBe('done');
    const sent = fake.requests[before];
    expect(sent.path).toBe('/v1/audio/transcriptions');
    expect(sent.auth).toBe('Bearer sk-local-test');
    const body = sent.body.toString('latin1');
    expect(body).toMatch(/name="model"\r\n\r\nwhisper-1/);
    expect(body).toMatch(/name="response_format"\r\n\r\nverbose_json/);
    expect(body).toMatch(/name="language"\r\n\r\nzh/);
    expect(body).toMatch(/name="file"; filename="audio.mp3"/);
    expect(task.result.text).toContain('本地转写服务');
    const cues = task.result.cues;
    expect(cues[0]).toMatchObject({ index: 1, startMs: 200, text: '大家好，欢迎使用字幕工具' });
    // The long segment is split into lines of at most 18 characters within its own time.
    const last = cues[cues.length - 1];
    expect(last.endMs).toBe(4100);
    for (const c of cues) expect([...c.text].length).toBeLessThanOrEqual(18);
    expect(cues.some((c: { startMs: number }) => c.startMs === 2300)).toBe(true);
  });

  it('refuses bad input with clear messages and keeps nothing', async () => {
    const tmp = path.join(t.config.dataDir, 'tmp');
    const expectRefused = async (res: { body: { code: number; msg: string } }, msg: string) => {
      expect(res.body.code).not.toBe(200);
      expect(res.body.msg).toBe(msg);
    };
    await expectRefused(
      await upload(t, alice, 'notes.txt', Buffer.from('hello'), { text: SCRIPT }),
      subtitleMessages.fileType,
    );
    await expectRefused(
      await upload(t, alice, 'fake.mp3', Buffer.from('this is not audio at all'), { text: SCRIPT }),
      subtitleMessages.unreadable,
    );
    await expectRefused(
      await upload(t, alice, 'speech.wav', wav, { text: '。。。！' }),
      subtitleMessages.scriptEmpty,
    );
    await expectRefused(
      await upload(t, alice, 'speech.wav', wav, { text: '字'.repeat(20_001) }),
      subtitleMessages.scriptTooLong,
    );
    const status = await t.call('POST', '/notice/v1/timbre/speechToTextStatus', {
      token: alice,
      body: { taskId: 'x' },
    });
    expect(status.body.msg).toBe(subtitleMessages.notFound);
    const anonymous = await t.call('POST', '/notice/v1/timbre/speechToTextInfo', { body: {} });
    expect(anonymous.body.code).toBe(501);
    const leftovers = readdirSync(tmp).filter((f) => !f.startsWith('align-') && !f.startsWith('stt-'));
    expect(leftovers).toEqual([]);
  });

  it('without TRANSCRIBE_URL says how to configure recognition, and still aligns scripts', async () => {
    const plain = await startTestServer(dialect);
    try {
      await plain.server.services.accounts.createUser('carol', 'secret123');
      const carol = await plain.login('carol', 'secret123');
      const info = await plain.call('POST', '/notice/v1/timbre/speechToTextInfo', { token: carol, body: {} });
      expect(info.body.data).toMatchObject({ transcribe: false, maxMinutes: 90, maxScriptChars: 20000 });
      const res = await upload(plain, carol, 'speech.wav', wav);
      expect(res.body.code).toBe(400);
      expect(res.body.msg).toBe(subtitleMessages.noTranscriber);
      expect(res.body.msg).toContain('TRANSCRIBE_URL');
      const withScript = await upload(plain, carol, 'speech.wav', wav, { text: SCRIPT });
      expect(withScript.body.code).toBe(200);
      const task = await waitDone(plain, carol, withScript.body.data.taskId);
      expect(task.status).toBe('done');
      expect(task.result.cues.length).toBe(3);
    } finally {
      await plain.stop();
    }
  });
});
