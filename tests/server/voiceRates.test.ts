import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { narrationLength } from '../../src/model/project';
import { synthesizeMixed } from '../../src/server/adapters/media/tts.mixed';
import { PUBLIC_VOICES } from '../../src/server/adapters/media/tts.voices';
import { NARRATION_SAMPLE_RATE } from '../../src/server/adapters/media/wav';
import { startTestServer, type TestServer } from './helpers/testServer';

/*
 * Issue 16: the helper tools estimate a video's length from the chosen voice's measured pace, not
 * the spec's 0.14 s per character (the built-in voices speak about 0.25 s per character: a script
 * shown as 约 83 秒 lasted 150.6 s). The table must stay true to the engine.
 */

const TEXT =
  '大家好，欢迎收看本期的产品介绍。今天我们一起来看看这款智能手表有哪些新功能，它的续航时间长达两周，还支持心率监测和睡眠分析。';

describe('voice pace', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite', { runJobs: false });
  });
  afterAll(async () => {
    await t.stop();
  });

  it.each(PUBLIC_VOICES.map((v) => [v.key, v] as const))(
    '%s speaks at its listed pace within 10%%',
    async (_key, voice) => {
      const spoken = await synthesizeMixed(TEXT, voice.voices);
      const measured = spoken.samples.length / NARRATION_SAMPLE_RATE / narrationLength(TEXT);
      expect(Math.abs(measured - voice.secondsPerChar!) / measured).toBeLessThan(0.1);
    },
  );

  it('lists each built-in voice with its pace', async () => {
    await t.server.services.accounts.createUser('alice', 'secret123');
    const token = await t.login('alice', 'secret123');
    const res = await t.call('POST', '/notice/v1/timbre/list', {
      token,
      body: { pageIndex: 1, pageSize: 10, isPublic: 1 },
    });
    for (const v of res.body.data.list) expect(v.secondsPerChar).toBeGreaterThan(0.2);
  });
});
