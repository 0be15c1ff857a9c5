import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { SpeechTimings } from '../../../src/api/speech.contract';
import { newDocument, toExportDocument, type ProjectDocument } from '../../../src/model/project';
import type { RenderResult } from '../../../src/server/video/renderJob';
import type { TestServer } from '../helpers/testServer';

/** Shared steps of the render tests: TTS clips, solid-colour projects, a render and its job result. */
export class RenderProject {
  private revision = 0;
  readonly projectId: number;

  private constructor(
    private readonly t: TestServer,
    private readonly token: string,
    readonly userId: number,
    projectId: number,
  ) {
    this.projectId = projectId;
  }

  static async create(t: TestServer, token: string, userId: number): Promise<RenderProject> {
    const res = await t.call('POST', '/virtual/v1/userPro/add', { token, body: { proKind: 3 } });
    return new RenderProject(t, token, userId, res.body.data);
  }

  private call(url: string, body: object) {
    return this.t.call('POST', url, { token: this.token, body });
  }

  /** Real TTS of `text`: the audio path and its stored timings. */
  async speak(text: string): Promise<{ soundPath: string; soundTime: number; timings: SpeechTimings }> {
    const res = await this.call('/notice/v1/timbre/textToSpeech', {
      projectId: this.projectId,
      timbreId: 'espeak-zh-female',
      text,
    });
    expect(res.body.code).toBe(200);
    const json = await this.t.server.http.inject({
      method: 'GET',
      url: res.body.data.timingsPath,
      headers: { cookie: `jwt=${this.token}` },
    });
    return { ...res.body.data, timings: JSON.parse(json.body) };
  }

  /** A solid-colour PNG stored as the user's own file (through the file store); returns its document path. */
  async solid(name: string, rgb: number[], width: number, height: number): Promise<string> {
    const key = `u/${this.userId}/test/${name}`;
    const background = { r: rgb[0], g: rgb[1], b: rgb[2] };
    await this.t.server.files.write(
      key,
      await sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer(),
    );
    return `/files/${key}`;
  }

  /** A document (preview coordinates) with one page per narration clip over a solid background. */
  document(
    orientation: 1 | 2,
    background: string,
    pages: { text: string; soundPath: string; soundTime: number }[],
    subtitle: 1 | 2,
  ): ProjectDocument {
    const base = newDocument({ projectName: '字幕测试' });
    return {
      ...base,
      distinguishability: orientation,
      subtitle,
      // The presenter stays in the upper part of the frame, clear of the subtitle band.
      character: {
        ...base.character,
        uuid: 'xiaoya',
        name: '小雅',
        voiceId: 'espeak-zh-female',
        voiceName: '中文女声',
        X: 20,
        Y: 20,
        width: 100,
        height: 175,
      },
      scene: { ...base.scene, uuid: 'test', path: background, icon: background },
      ppt: {
        ...base.ppt,
        maxNum: pages.length,
        pages: pages.map((p, i) => ({
          ...base.ppt.pages[0],
          index: i + 1,
          img: '',
          text: p.text,
          textdome: p.text,
          tts: p.soundPath,
          soundTime: p.soundTime,
        })),
      },
    };
  }

  /** Saves `doc` for synthesis, renders it and returns the video file and the job's result. */
  async render(doc: ProjectDocument, out: string): Promise<{ file: string; result: RenderResult }> {
    const saved = await this.call('/virtual/v1/userPro/update', {
      projectId: this.projectId,
      userProjectInfo: JSON.stringify(toExportDocument(doc)),
      original: 2,
      revision: this.revision,
    });
    expect(saved.body).toMatchObject({ code: 200 });
    this.revision = saved.body.data.revision;
    expect(
      (await this.call('/virtual/v1/userPro/composeProject', { projectId: this.projectId })).body.code,
    ).toBe(200);
    let status;
    for (let i = 0; i < 1200; i++) {
      status = (await this.call('/virtual/v1/userPro/composeStatus', { projectId: this.projectId })).body
        .data;
      if (!['queued', 'rendering'].includes(status.status)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status.message).toBe('合成成功');
    const video = await this.t.server.http.inject({ method: 'GET', url: status.video.url });
    const file = path.join(this.t.config.dataDir, out);
    writeFileSync(file, video.rawPayload);
    const row = await this.t.server.database.db
      .selectFrom('jobs')
      .select('result')
      .where('kind', '=', 'render')
      .where('subject_id', '=', this.projectId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { file, result: JSON.parse(row.result!) as RenderResult };
  }
}
