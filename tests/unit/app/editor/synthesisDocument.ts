import { documentSchema, withTimes, type ProjectDocument } from '../../../../src/model/project';

/** A project ready for synthesis: presenter, voice, scene, a PDF, two narrated pages. */
export function synthesisDocument(overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  return withTimes(
    documentSchema.parse({
      projectName: 'p',
      character: { uuid: 'c1', staticImg: '/files/c.png', voiceId: 'v1' },
      scene: { uuid: 's1', icon: '/files/s.png' },
      ppt: {
        uuid: 'deck',
        name: 'deck',
        pages: [
          { index: 1, text: '第一页的讲解', textdome: '第一页的讲解' },
          { index: 2, text: '第二页的讲解', textdome: '第二页的讲解' },
        ],
      },
      ...overrides,
    }),
  );
}
