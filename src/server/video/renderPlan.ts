import {
  characterBox as layoutCharacterBox,
  figureFraction,
  SCALE_BODY_FULL,
  shotFraming,
  slideBox as layoutSlideBox,
  SOUND_MUTED,
  type ProjectDocument,
  type Texture,
} from '../../model/project';
import { clipLengthMs, pointingSide, scaledAnchor } from '../../model/motion';
import { partRig } from './layers/headPart';
import {
  FPS,
  type AssetResolver,
  type Box,
  type PageAudio,
  type PagePart,
  type PagePlan,
  type PageVideoFile,
  type PlannedVideo,
  type RigFiles,
  type StickerFile,
} from './planTypes';
import { planStickers } from './stickers';
import { transitionLeads } from './transitions';

/** Builds the per-page render plans from a document already in export coordinates. */
export function planPages(
  doc: ProjectDocument,
  frame: { width: number; height: number },
  rig: RigFiles,
  resolve: AssetResolver,
  audioOf: (page: ProjectDocument['ppt']['pages'][number]) => PageAudio[],
  /** Natural width / height of a slide file, so PPT全屏 letterboxes like the preview. */
  slideAspect: (file: string) => number | undefined = () => undefined,
  /** The probed page video of a page with one (isVideo 1), else null. */
  videoOf: (page: ProjectDocument['ppt']['pages'][number]) => PageVideoFile | null = () => null,
  /** The file behind a page's texture (owner-checked, GIF by content). */
  stickerOf: (texture: Texture, page: ProjectDocument['ppt']['pages'][number]) => StickerFile = (t) => ({
    file: resolve(t.path),
    gif: /\.gif$/i.test(t.path),
  }),
): PagePlan[] {
  const { scene, character } = doc;
  const background = scene.path || scene.icon;
  const characterBox = fitCharacterBox(character, rig, frame);
  // Pointing gestures go towards the slide, from the document's own boxes as on the stage.
  const pointTo = pointingSide(layoutCharacterBox(doc), layoutSlideBox(doc));
  return doc.ppt.pages.map((page, i) => {
    // Each clip lasts whole frames on the page (its sound padded): its segment starts on a frame.
    const audio = audioOf(page).map((a) => ({ ...a, durationMs: clipLengthMs(a.durationMs, FPS) }));
    const spokenMs = audio.reduce((sum, a) => sum + a.durationMs, 0);
    const slide = page.img
      ? {
          file: resolve(page.img),
          box: { x: scene.pptX, y: scene.pptY, width: scene.pptWidth, height: scene.pptHeight },
        }
      : null;
    const pageVideo = videoOf(page);
    const slideArea = { x: scene.pptX, y: scene.pptY, width: scene.pptWidth, height: scene.pptHeight };
    const video: PlannedVideo | undefined = pageVideo
      ? { ...pageVideo, box: slideArea, sound: page.isSound !== SOUND_MUTED && pageVideo.hasAudio }
      : undefined;
    // A page lasts as long as its narration (the synthesised audio already ends in a short pause),
    // or as its video when that is longer.
    const durationMs = frameAligned(Math.max(spokenMs, video?.durationMs ?? 0));
    // With a video the slide box shows the video: framings scale it by the video's aspect.
    const framedBox = video ? video.box : (slide?.box ?? null);
    const cutParts = shotParts(audio, durationMs, (isScale) => {
      // 人物全身 shows a rig drawn to the feet whole: the box takes the whole figure's shape.
      const whole = isScale === SCALE_BODY_FULL && !!rig.whole;
      const view = shotFraming(
        frame,
        {
          slide: framedBox,
          character: characterBox,
          characterAspect: rig.width / (whole && rig.whole ? rig.whole.height : rig.height),
          ...(rig.figure && !whole ? { characterFigure: figureFraction(rig.figure, rig) } : {}),
          slideAspect: video ? video.aspect : slide ? slideAspect(slide.file) : undefined,
        },
        isScale,
      );
      return whole ? { ...view, whole } : view;
    });
    const leads = cutParts ? transitionLeads(cutParts, FPS) : [];
    const parts = cutParts?.map((p, k) => (leads[k] ? { ...p, leadMs: leads[k] } : p));
    // Sprites move where the presenter stands in any framing of the page: stickers there are overlays.
    // A layered rig's head moves as a whole: its box, with room for the motion, is animated.
    const animated = [{ character: characterBox, whole: false }, ...(parts ?? [])].flatMap((p) => {
      if (!p.character) return [];
      const r = partRig(rig, p);
      return r.head ? [movingHeadBox(r, p.character)] : [mouthBox(r, p.character), eyesBox(r, p.character)];
    });
    const stickers = planStickers(
      page.textureList,
      (t) => stickerOf(t, page),
      { audio, durationMs, fps: FPS },
      animated,
      !video,
    );
    return {
      index: i + 1,
      frame,
      fps: FPS,
      durationMs,
      background: background ? resolve(background) : null,
      slide,
      character: { rig, box: characterBox, pointTo },
      audio,
      subtitles: doc.subtitle === 1,
      ...(parts ? { parts } : {}),
      ...(video ? { video } : {}),
      ...(stickers.length ? { stickers } : {}),
    };
  });
}

/**
 * Cuts a page into parts of one framing at the segment audio boundaries (rounded to the nearest
 * frame); null when every segment is in normal framing, so such pages keep their one-still graph.
 */
export function shotParts(
  audio: PageAudio[],
  durationMs: number,
  frameOf: (isScale: number) => { slide: Box | null; character: Box | null },
  fps = FPS,
): PagePart[] | null {
  const scales = audio.map((a) => a.isScale ?? 1);
  if (scales.every((s) => s === 1)) return null;
  const frameMs = 1000 / fps;
  const total = Math.round(durationMs / frameMs);
  const cuts: { isScale: number; frame: number }[] = [];
  let at = 0;
  audio.forEach((clip, i) => {
    const start = Math.min(total, Math.round(at / frameMs));
    at += clip.durationMs;
    const last = cuts[cuts.length - 1];
    if (last && last.isScale === scales[i]) return;
    if (last && last.frame === start) last.isScale = scales[i];
    else cuts.push({ isScale: scales[i], frame: start });
  });
  return cuts
    .map((cut, i) => {
      const end = i + 1 < cuts.length ? cuts[i + 1].frame : total;
      return {
        isScale: cut.isScale,
        startMs: cut.frame * frameMs,
        durationMs: (end - cut.frame) * frameMs,
        ...frameOf(cut.isScale),
      };
    })
    .filter((p) => p.durationMs > 0);
}

/** Rounds a duration up to whole frames, so audio and video of a page end together. */
export function frameAligned(ms: number, fps = FPS): number {
  return Math.ceil((ms * fps) / 1000) * (1000 / fps);
}

/** The character's box; an unsized character gets its natural size / 2.5 scaled to the frame. */
function fitCharacterBox(
  c: ProjectDocument['character'],
  rig: RigFiles,
  frame: { width: number; height: number },
): Box {
  if (c.width > 0 && c.height > 0) return { x: c.X, y: c.Y, width: c.width, height: c.height };
  const scale = Math.min(frame.height / rig.height, ((frame.width / rig.width) * 1) / 2.5);
  return { x: c.X, y: c.Y, width: Math.round(rig.width * scale), height: Math.round(rig.height * scale) };
}

/** Where the mouth sprite sits for a character drawn in `box` (the rig's anchor, scaled). */
export function mouthBox(rig: RigFiles, box: Box): Box {
  return scaledAnchor(rig.mouth, rig, box);
}

/** Where the eyes-closed sprite sits for a character drawn in `box`. */
export function eyesBox(rig: RigFiles, box: Box): Box {
  return scaledAnchor(rig.eyes, rig, box);
}

/** Where a layered rig's head may be drawn for a presenter in `box`: its box and a margin for the motion. */
export function movingHeadBox(rig: RigFiles, box: Box): Box {
  const head = scaledAnchor(rig.head?.box ?? rig.mouth, rig, box);
  const margin = Math.ceil(head.width * 0.08);
  return {
    x: head.x - margin,
    y: head.y - margin,
    width: head.width + 2 * margin,
    height: head.height + 2 * margin,
  };
}

/** Blinks come from the model, so the stage blinks on the render's frames. */
export { blinkTimes } from '../../model/speech/blinks';
