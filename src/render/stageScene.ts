import {
  characterBox,
  EXPORT_FRAME,
  hasVideo,
  isLayoutFraming,
  orientationOf,
  PREVIEW_FRAME,
  SCALE_BODY_FULL,
  shotFraming,
  slideBox,
  toExportDocument,
  type Box,
  type Fraction,
  type Orientation,
  type ProjectDocument,
  type ShotLayout,
  type Size,
} from '../model/project';
import { eyesClosedAt, shapeAt, type MouthCue, type MouthShape } from '../model/speech';
import { pointingSide } from '../model/motion';

/*
 * What the stage shows, as plain data: from the document, the page, the framing and the moment,
 * the ordered list of items (drawn first to last) with their boxes in preview units (the editor's
 * 960x540 / 375x667 frame) and in export units (the render's 1920x1080 / 928x1648 frame, from
 * toExportDocument and shotFraming, the numbers the render itself uses). No Pixi here: the Pixi
 * stage draws this list, the hit test reads it, and the tests check it without a browser.
 */

/** What an item is, which decides how the stage draws it. */
export type StageItemKind = 'background' | 'slide' | 'card' | 'video' | 'presenter' | 'sticker' | 'gif';

/** One thing on the stage. */
export interface StageItem {
  /** Stable across renders: 'background', 'slide', 'presenter' or 'sticker:<index>'. */
  id: string;
  kind: StageItemKind;
  /** Server path of the picture or video ('' for a card or a missing background). */
  src: string;
  /** Where it is drawn in preview units. */
  box: Box;
  /** Where the render draws it, in export units. */
  exportBox: Box;
  /** The author may pick and drag it (only in the normal framing; never the background). */
  movable: boolean;
  /** Drawn faint: a sticker that appears in a later segment than the one selected or heard. */
  dimmed: boolean;
  /** Index in the page's textureList for stickers, -1 otherwise. */
  index: number;
  /** For a card (a page without a PDF image): the narration it shows. */
  text: string;
}

/**
 * Whether the video shows `item` at the scene's moment: a card (the text of a page without a PDF)
 * is an editing aid the render does not draw, and a dimmed sticker appears in a later segment. The
 * /three player leaves them out (asRendered), and 导出当前画面 does not draw them.
 */
export function inVideo(item: StageItem): boolean {
  return item.kind !== 'card' && !item.dimmed;
}

/** The presenter's face at the scene's moment. */
export interface PresenterFace {
  shape: MouthShape;
  eyesClosed: boolean;
}

/** Everything the stage draws for one page at one moment. */
export interface StageScene {
  orientation: Orientation;
  frame: Size;
  exportFrame: Size;
  /** The framing shown (1 normal, 2 PPT全屏, 3 人物全身, 4 人物半身). */
  isScale: number;
  items: StageItem[];
  /** The presenter's mouth and eyes now; at rest when nothing is heard. */
  face: PresenterFace;
  /** The page has a presenter chosen. */
  hasPresenter: boolean;
  /** Editing aids are drawn (the presenter's place-holder): false for the scene as the video shows it. */
  editingAids: boolean;
  /** Where a pointing gesture points: towards the slide of the page layout (pointingSide). */
  pointTo: 'left' | 'right';
}

/** What the scene is built from. */
export interface StageSceneInput {
  doc: ProjectDocument;
  /** 0-based page. */
  pageAt: number;
  /** The framing to show (the selected or heard segment's shot tag, or the one playing). */
  isScale: number;
  /** 0-based segment selected or heard: stickers of later segments are dimmed. null: none. */
  segment?: number | null;
  /**
   * The scene as the video shows it (the /three player): no editing place-holders, so a page
   * without a PDF picture or video shows no card, as the render draws nothing there.
   */
  asRendered?: boolean;
  /** Only these sticker indexes are shown (the /three player at its time); all when omitted. */
  shownStickers?: readonly number[];
  /** Natural width/height of the presenter art and of the slide picture or video, when known. */
  aspects?: { character?: number; slide?: number; wholeCharacter?: number; figure?: Fraction };
  /** The presenter's lip-sync: mouth timeline and the position heard in it (ms, <0 when silent). */
  mouth?: { timeline: readonly MouthCue[]; ms: number };
  /** Blinks of the page (blinkTimes) and the time into the page (ms). */
  blink?: { times: readonly number[]; ms: number };
}

const GIF_PATH = /\.gif($|[?#])/i;

/** True when a sticker path is an animated GIF. */
export function isGifPath(path: string): boolean {
  return GIF_PATH.test(path);
}

/** The scene of one page at one moment. */
export function buildStageScene(input: StageSceneInput): StageScene {
  const { doc, pageAt } = input;
  const orientation = orientationOf(doc.distinguishability);
  const frame = PREVIEW_FRAME[orientation];
  const exportFrame = EXPORT_FRAME[orientation];
  const page = doc.ppt.pages[pageAt];
  const exported = toExportDocument(doc);
  const hasPresenter = !!doc.character.staticImg;
  const video = page && hasVideo(page) ? page.video : '';
  const slideAspect = video || page?.img ? input.aspects?.slide : undefined;
  const layout = (d: ProjectDocument): ShotLayout => ({
    slide: slideBox(d),
    character: hasPresenter ? characterBox(d) : null,
    // 人物全身 shows a presenter drawn to the feet whole (the rig's full figure), as the render does.
    characterAspect:
      input.isScale === SCALE_BODY_FULL
        ? (input.aspects?.wholeCharacter ?? input.aspects?.character)
        : input.aspects?.character,
    // A picture with space around the person frames the person (the built-in whole figure has none).
    ...(input.aspects?.figure && !(input.isScale === SCALE_BODY_FULL && input.aspects.wholeCharacter)
      ? { characterFigure: input.aspects.figure }
      : {}),
    slideAspect,
  });
  const view = shotFraming(frame, layout(doc), input.isScale);
  const exportView = shotFraming(exportFrame, layout(exported), input.isScale);
  const movable = isLayoutFraming(view.isScale);
  const whole = (f: Size): Box => ({ x: 0, y: 0, width: f.width, height: f.height });
  const item = (it: Omit<StageItem, 'dimmed' | 'index' | 'text'> & Partial<StageItem>): StageItem => ({
    dimmed: false,
    index: -1,
    text: '',
    ...it,
  });

  const items: StageItem[] = [
    item({
      id: 'background',
      kind: 'background',
      src: doc.scene.path || doc.scene.icon,
      box: whole(frame),
      exportBox: whole(exportFrame),
      movable: false,
    }),
  ];
  const card = !video && !page?.img;
  if (page && view.slide && exportView.slide) {
    items.push(
      item({
        id: 'slide',
        kind: video ? 'video' : card ? 'card' : 'slide',
        src: video || page.img,
        box: view.slide,
        exportBox: exportView.slide,
        movable,
        text: page.text,
      }),
    );
  }
  if (hasPresenter && view.character && exportView.character) {
    items.push(
      item({
        id: 'presenter',
        kind: 'presenter',
        src: doc.character.staticImg,
        box: view.character,
        exportBox: exportView.character,
        movable,
      }),
    );
  }
  const shown = input.shownStickers ? new Set(input.shownStickers) : null;
  const heard = input.segment ?? null;
  (page?.textureList ?? []).forEach((t, index) => {
    if (shown && !shown.has(index)) return;
    const e = exported.ppt.pages[pageAt].textureList[index];
    items.push(
      item({
        id: `sticker:${index}`,
        kind: isGifPath(t.path) ? 'gif' : 'sticker',
        src: t.path,
        box: { x: t.x, y: t.y, width: t.width, height: t.height },
        exportBox: { x: e.x, y: e.y, width: e.width, height: e.height },
        movable,
        // The video shows a sticker from its own segment on (1-based position; 0 and 1: from the start).
        dimmed: heard !== null && t.position > heard + 1,
        index,
      }),
    );
  });

  const mouth = input.mouth;
  const face: PresenterFace = {
    shape: mouth && mouth.ms >= 0 ? shapeAt(mouth.timeline, mouth.ms) : 'X',
    eyesClosed: input.blink ? eyesClosedAt(input.blink.times, input.blink.ms) : false,
  };
  const pointTo = pointingSide(characterBox(doc), slideBox(doc));
  const drawn = input.asRendered ? items.filter(inVideo) : items;
  return {
    orientation,
    frame,
    exportFrame,
    isScale: view.isScale,
    items: drawn,
    face,
    hasPresenter,
    editingAids: !input.asRendered,
    pointTo,
  };
}

/** The item of `id`, or undefined. */
export function itemById(scene: StageScene, id: string): StageItem | undefined {
  return scene.items.find((i) => i.id === id);
}

/** Width in units of the frame a presenter is shown alone in (a gallery card, a preview). */
const SOLO_WIDTH = 400;

/**
 * A scene of the presenter alone (the gallery's talking preview, the own-presenter preview): its
 * art fills a frame of its own proportions, on nothing (the card shows through).
 */
export function presenterScene(art: { width: number; height: number; staticImg: string }): StageScene {
  const aspect = art.width > 0 && art.height > 0 ? art.width / art.height : 4 / 7;
  const frame = { width: SOLO_WIDTH, height: Math.round(SOLO_WIDTH / aspect) };
  const exportFrame = {
    width: Math.max(1, art.width || frame.width),
    height: Math.max(1, art.height || frame.height),
  };
  return {
    orientation: frame.width >= frame.height ? 1 : 2,
    frame,
    exportFrame,
    isScale: 1,
    items: [
      {
        id: 'presenter',
        kind: 'presenter',
        src: art.staticImg,
        box: { x: 0, y: 0, ...frame },
        exportBox: { x: 0, y: 0, ...exportFrame },
        movable: false,
        dimmed: false,
        index: -1,
        text: '',
      },
    ],
    face: { shape: 'X', eyesClosed: false },
    hasPresenter: true,
    editingAids: false,
    pointTo: 'right',
  };
}
