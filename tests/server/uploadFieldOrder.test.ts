import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../../src/server/adapters/media/ffmpeg';
import { multipart, startTestServer, testDialects, type TestServer } from './helpers/testServer';

/*
 * Issue 11: multipart forms are read in any field order. Every upload endpoint with text fields
 * takes its form with the file first (as the spec's own recording form lists `resource` first)
 * and with the file last, and answers the same; a form whose fields are wrong after the file is
 * refused with a Chinese message and leaves no file behind. Refusals never show validator text.
 */

const work = mkdtempSync(path.join(tmpdir(), 'field-order-'));
/** A tone of `seconds` (voice samples must last 10 s to 10 min). */
const tone = (seconds = 1.5): Buffer => {
  const out = path.join(work, `tone-${seconds}.wav`);
  const run = spawnSync(ffmpegPath(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=f=220:d=${seconds}`,
    '-ac',
    '1',
    '-y',
    out,
  ]);
  if (run.status !== 0) throw new Error(String(run.stderr));
  return readFileSync(out);
};
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
const PDF = readFileSync(path.resolve(import.meta.dirname, '../fixtures/slides-zh-3p.pdf'));

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(testDialects())('upload forms in any field order on %s', (dialect) => {
  let t: TestServer;
  let token: string;
  let projectId: number;
  afterAll(async () => {
    await t.stop();
  });
  beforeAll(async () => {
    // No background jobs: the forms are the subject, and a job's scratch files would race the
    // check that a refused form leaves nothing in DATA_DIR/tmp.
    t = await startTestServer(dialect, { runJobs: false });
    await t.server.services.accounts.createUser('olive', 'secret123');
    token = await t.login('olive', 'secret123');
    const added = await t.call('POST', '/virtual/v1/userPro/add', { token, body: { proKind: 2 } });
    projectId = added.body.data;
  });

  const send = (
    url: string,
    field: string,
    name: string,
    file: Buffer,
    fields: Record<string, string>,
    fileFirst: boolean,
  ) => {
    const form = multipart(field, name, file, fields, 'application/octet-stream', fileFirst);
    return t.call('POST', url, { token, payload: form.payload, headers: form.headers });
  };

  /** Each endpoint: its path, file field, a good file and the text fields it needs. */
  const endpoints = async () =>
    [
      ['/virtual/v1/scene/upload', 'path', 'bg.png', await png(1920, 1080), { sizeType: '1' }],
      ['/virtual/v1/userPpt/upload', 'resources', 'deck.pdf', PDF, { name: 'deck.pdf', description: '', source: '1', type: '2' }],
      ['/virtual/v1/userPro/resUpload', 'resource', 'take.wav', tone(), { projectId: String(projectId), pptSort: '1' }],
      ['/virtual/v1/userResources/upload', 'resources', 'pic.png', await png(64, 64), { resourcesType: '2' }],
      ['/virtual/v1/texture/upload', 'resource', 'star.png', await png(64, 64), { textureName: '星', textureType: '1', duration: '1.5', isGlobal: '2' }],
      ['/notice/v1/timbre/upTimb', 'file', 'me.wav', tone(12), { name: '我的声音', sex: '2', consent: '1' }],
      ['/virtual/v1/virtual/add', 'picture', 'me.png', await png(400, 700), { name: '照片老师', kind: '3' }],
      ['/notice/v1/timbre/SpeechToText', 'file', 'talk.wav', tone(2), { text: '大家好', language: 'zh' }],
      ['/api/v1/user/avatar', 'file', 'me.png', await png(256, 256), {}],
    ] as const; // prettier-ignore

  it.each([false, true])('accepts every form with the file first = %s', async (fileFirst) => {
    for (const [url, field, name, file, fields] of await endpoints()) {
      const res = await send(url, field, name, file, fields, fileFirst);
      expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
    }
  });

  it('refuses wrong fields sent after the file in Chinese, naming the field, and keeps nothing', async () => {
    const tmp = path.join(t.config.dataDir, 'tmp');
    const before = spawnSync('ls', [tmp]).stdout.toString();
    const res = await send(
      '/virtual/v1/userPro/resUpload',
      'resource',
      'take.wav',
      tone(),
      { projectId: 'abc', pptSort: '1' },
      true,
    );
    expect(res.body).toMatchObject({ code: 400, msg: '项目编号（projectId）必须是数字' });
    const material = await send(
      '/virtual/v1/userResources/upload',
      'resources',
      'pic.png',
      await png(8, 8),
      { resourcesType: '9' },
      true,
    );
    expect(material.body.code).toBe(400);
    expect(material.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(material.body.msg).not.toMatch(/expected|Invalid|received/i);
    expect(spawnSync('ls', [tmp]).stdout.toString()).toBe(before);
  });

  it('says what is wrong with a list request in Chinese, naming the field', async () => {
    const res = await t.call('POST', '/virtual/v1/userResources/list', {
      token,
      body: { pageIndex: 1, pageSize: 5000, type: 2 },
    });
    expect(res.body.code).toBe(400);
    expect(res.body.msg).toBe('每页条数（pageSize）不能大于 1000');
  });
});
