import type { ProjectDocument } from './documentSchema';
import { orientationOf, PREVIEW_FRAME, toExport, type Size } from './frames';

/**
 * The document in export coordinates (spec 9): every size and position of the character, the
 * slide frame, the background and the stickers multiplied by 2 (landscape) or 2.47 (portrait) and
 * rounded up to even numbers, because H.264 with 4:2:0 chroma needs even sizes. The synthesis
 * request (original 2) carries this; drafts stay in preview coordinates.
 */
export function toExportDocument(doc: ProjectDocument): ProjectDocument {
  const o = orientationOf(doc.distinguishability);
  const e = (v: number) => toExport(v, o);
  const back: Size =
    doc.scene.backWidth > 0 && doc.scene.backHeight > 0
      ? { width: doc.scene.backWidth, height: doc.scene.backHeight }
      : PREVIEW_FRAME[o];
  return {
    ...doc,
    character: {
      ...doc.character,
      X: e(doc.character.X),
      Y: e(doc.character.Y),
      width: e(doc.character.width),
      height: e(doc.character.height),
    },
    scene: {
      ...doc.scene,
      pptX: e(doc.scene.pptX),
      pptY: e(doc.scene.pptY),
      pptWidth: e(doc.scene.pptWidth),
      pptHeight: e(doc.scene.pptHeight),
      backWidth: e(back.width),
      backHeight: e(back.height),
    },
    ppt: {
      ...doc.ppt,
      pages: doc.ppt.pages.map((page) => ({
        ...page,
        textureList: page.textureList.map((t) => ({
          ...t,
          x: e(t.x),
          y: e(t.y),
          width: e(t.width),
          height: e(t.height),
        })),
      })),
    },
  };
}
