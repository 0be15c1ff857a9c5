import { createHash } from 'node:crypto';
import { Code } from '../../api/envelope';
import { demoMessages, type DemoItem } from '../../api/demo.contract';
import { characterChoice, voiceChoice } from '../../api/libraryChoices';
import {
  chooseCharacter,
  chooseScene,
  chooseVoice,
  estimateSeconds,
  newDocument,
  newPage,
  PRO_KIND,
  renumber,
  saveNarration,
  setPageAudio,
  setSegmentAudio,
  textToNarrationHtml,
  withPages,
  type ProjectDocument,
  type Result,
} from '../../model/project';
import type { FileStore } from '../adapters/files';
import { ApiError } from '../http/envelope';
import { DEMO_PROJECTS, findDemo, type DemoDefinition } from './demoProjects';
import { drawDemoSlide } from '../adapters/demoSlides';
import type { LibraryService } from './library.service';
import type { ProjectService } from './project.service';
import type { SpeechService } from './speech.service';

/*
 * Where the presenter and the slide sit in an example, in preview coordinates: landscape puts the
 * presenter at the left standing on the bottom edge and the slide at the right; portrait puts the
 * slide at the top and the presenter below it, as short-video apps do.
 */
const LAYOUT = {
  1: {
    character: { X: 60, Y: 68, width: 270, height: 472 },
    slide: { pptX: 360, pptY: 110, pptWidth: 560, pptHeight: 315 },
  },
  2: {
    character: { X: 68, Y: 247, width: 240, height: 420 },
    slide: { pptX: 20, pptY: 56, pptWidth: 335, pptHeight: 188 },
  },
} as const;

const unwrap = (r: Result<ProjectDocument>): ProjectDocument => {
  if (!r.ok) throw new Error(`demo document: ${r.error}`);
  return r.value;
};

/** /demo 示例项目: lists the examples and copies one into the caller's projects, narrated and ready. */
export class DemoService {
  constructor(
    private readonly library: LibraryService,
    private readonly projects: ProjectService,
    private readonly speech: SpeechService,
    private readonly files: FileStore,
  ) {}

  /** The examples as the /demo cards show them. */
  list(): DemoItem[] {
    return DEMO_PROJECTS.map((d) => {
      const { presenter, scene, voice } = this.parts(d);
      const seconds = d.pages.reduce((sum, p) => sum + estimateSeconds(p.text), 0);
      return {
        id: d.id,
        title: d.title,
        description: d.description,
        orientation: d.orientation,
        presenterName: presenter.name,
        presenterIcon: presenter.icon,
        presenterImage: presenter.static_img,
        voiceName: voice.show_name,
        sceneName: scene.name,
        sceneThumb: scene.thumb,
        pageCount: d.pages.length,
        minutes: Math.max(0.1, Math.round(seconds / 6) / 10),
        tags: d.tags,
        excerpt: d.pages[0].text,
        outline: d.pages.map((p) => p.heading),
        accent: d.accent,
      };
    });
  }

  /**
   * Creates a project (proKind 3, named after the example) owned by the caller with the whole
   * document, draws its slides into the caller's files, speaks every page and segment, and saves it
   * as a draft. A failure removes the half-made project. Answers the new project id.
   */
  async copy(ownerId: number, demoId: string): Promise<number> {
    const demo = findDemo(demoId);
    if (!demo) throw new ApiError(Code.notFound, demoMessages.notFound);
    const projectId = await this.projects.add(ownerId, {
      proKind: PRO_KIND.text,
      name: demo.title,
      description: demo.description,
      type: 2,
      distinguishability: demo.orientation,
      original: 1,
    });
    try {
      let doc = this.document(ownerId, demo);
      doc = await this.withSlides(ownerId, demo, doc);
      doc = await this.withNarrationAudio(ownerId, projectId, doc);
      await this.projects.update(ownerId, {
        projectId,
        userProjectInfo: JSON.stringify(doc),
        original: 1,
        revision: 0,
      });
      return projectId;
    } catch (error) {
      await this.projects.delete(ownerId, projectId).catch(() => undefined);
      throw error;
    }
  }

  /** The example's document: scene, presenter, voice and narrated pages, in preview coordinates. */
  document(ownerId: number, demo: DemoDefinition): ProjectDocument {
    const { presenter, scene, voice } = this.parts(demo);
    let doc = newDocument({ projectName: demo.title, userid: String(ownerId) });
    doc = unwrap(
      chooseScene(
        doc,
        { id: scene.id, name: scene.name, path: scene.path, sizeType: demo.orientation },
        { width: presenter.width, height: presenter.height },
      ),
    );
    doc = unwrap(chooseCharacter(doc, characterChoice(presenter)));
    doc = unwrap(chooseVoice(doc, voiceChoice({ ...voice, isPublic: 1 })));
    const layout = LAYOUT[demo.orientation];
    doc = {
      ...doc,
      character: { ...doc.character, ...layout.character },
      scene: { ...doc.scene, ...layout.slide },
    };
    doc = withPages(doc, renumber(demo.pages.map((p) => newPage({ name: p.heading }))));
    demo.pages.forEach((p, at) => {
      doc = unwrap(saveNarration(doc, at, textToNarrationHtml(p.text)));
    });
    return doc;
  }

  // The library rows an example refers to; a missing one is a broken build, not a user error.
  private parts(demo: DemoDefinition) {
    const presenter = this.library.character(demo.presenterId);
    const scene = this.library.scenes.find((s) => s.id === demo.sceneId);
    const voice = this.library.voices.find((v) => v.id === demo.voiceId);
    if (!presenter || !scene || !voice) throw new Error(`demo ${demo.id} refers to a missing library item`);
    return { presenter, scene, voice };
  }

  // Slides are cached per owner by content, so copying an example twice draws nothing new.
  private async withSlides(ownerId: number, demo: DemoDefinition, doc: ProjectDocument) {
    const total = demo.pages.length;
    const pages = await Promise.all(
      doc.ppt.pages.map(async (page, i) => {
        const source = demo.pages[i];
        const hash = createHash('sha256')
          .update(JSON.stringify([demo.title, demo.accent, i, total, source.heading, source.points]))
          .digest('hex')
          .slice(0, 32);
        const key = `u/${ownerId}/demo/${hash}.png`;
        if (!(await this.files.exists(key))) {
          const png = await drawDemoSlide(source, {
            title: demo.title,
            accent: demo.accent,
            number: i + 1,
            total,
          });
          await this.files.write(key, png);
        }
        return { ...page, img: `/files/${key}`, icon: `/files/${key}` };
      }),
    );
    return withPages(doc, pages);
  }

  // Speaks page by page, as the editor's synthesis list does, so the copy opens ready to render.
  private async withNarrationAudio(ownerId: number, projectId: number, doc: ProjectDocument) {
    const timbreId = doc.character.voiceId;
    const speak = (text: string) => this.speech.textToSpeech(ownerId, { projectId, timbreId, text });
    let next = doc;
    for (const [at, page] of doc.ppt.pages.entries()) {
      const audio = await speak(page.text);
      next = unwrap(setPageAudio(next, at, { path: audio.soundPath, soundTime: audio.soundTime }));
      for (const [i, child] of page.childList.entries()) {
        const part = await speak(child.ttsText);
        next = unwrap(setSegmentAudio(next, at, i, { path: part.soundPath }));
      }
    }
    return next;
  }
}
