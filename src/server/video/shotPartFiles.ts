import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { ProjectDocument } from '../../model/project';
import type { MouthCue } from '../../model/speech';
import { blinkTrack, BLINK_MS, mouthTrack } from './ffconcat';
import type { ArmsTrack, PagePart, PagePlan, PartFiles } from './planTypes';
import { armsOverStill, armsSprites, writeArmsTrack } from './armsTrack';
import { partRig } from './layers/headPart';
import { writeHeadTrack } from './headTrack';
import { pageMotion } from './speaking';
import { composeFront, composeStill } from './stillComposer';
import type { PageCache } from './pageCache';
import { partFrames } from './transitions';

/*
 * Files of pages with shot tags (DESIGN.md "Shot tags"): each part of one framing gets a still
 * composed with that framing and its own mouth and blink tracks in part time; see pageArgs.
 */

/** Natural aspect of the slide images of pages that go PPT全屏 (read once, by file). */
export async function slideAspects(doc: ProjectDocument, resolve: (url: string) => string) {
  const aspects = new Map<string, number>();
  for (const page of doc.ppt.pages) {
    if (!page.img || !page.childList.some((c) => c.isScale === 2)) continue;
    const file = resolve(page.img);
    if (aspects.has(file)) continue;
    const meta = await sharp(file).metadata();
    if (meta.width && meta.height) aspects.set(file, meta.width / meta.height);
  }
  return aspects;
}

/**
 * The still and the part-time mouth and blink tracks of each shot part. One still per distinct
 * framing (and torso: with or without its arms): a framing that comes back (normal, PPT全屏,
 * normal) reuses its still.
 */
export async function writePartFiles(
  plan: PagePlan,
  parts: PagePart[],
  prefix: string,
  page: {
    cues: MouthCue[];
    blinks: number[];
    openEyes: string;
    sprites: string | null;
    /** The machine's still cache (stillCacheOf). */
    stills?: PageCache;
  },
): Promise<PartFiles[]> {
  const { cues, blinks, openEyes } = page;
  // Stills and fronts composed already, by file: a framing that comes back reuses its own.
  const stills = new Set<string>();
  const motion = pageMotion(plan);
  const files: PartFiles[] = [];
  for (const [k, part] of parts.entries()) {
    // A 人物全身 part of a rig drawn to the feet composes the whole figure.
    const drawn = { ...plan, character: { ...plan.character, rig: partRig(plan.character.rig, part) } };
    // The part's stream starts at its lead (the frames fading in over the previous framing).
    const from = part.startMs - (part.leadMs ?? 0);
    const length = part.durationMs + (part.leadMs ?? 0);
    const end = from + length;
    // While this part shows a gesture, its still (or front) draws the bare torso and the arms
    // come as a track, in this framing and on the part's clock (armsTrack.ts).
    const gesture =
      part.character &&
      (await armsSprites({
        rig: drawn.character.rig,
        motion,
        side: plan.character.pointTo ?? 'right',
        window: { fromMs: from, lengthMs: length },
        box: part.character,
        frame: plan.frame,
        base: `${prefix}-part${k}-arms`,
      }));
    const posed = gesture ? { ...drawn, character: { ...drawn.character, rig: gesture.rig } } : drawn;
    let still: string;
    let front: string | undefined;
    let arms: ArmsTrack | undefined;
    if (plan.video) {
      // The video sits between the background (one still for all parts) and the presenter.
      still = `${prefix}-still-bg.png`;
      if (!stills.has(still)) {
        await composeStill(plan, still, { slide: null, character: null }, page.stills);
        stills.add(still);
      }
      if (part.character) {
        front = `${prefix}-front-s${part.isScale}${gesture ? '-bare' : ''}.png`;
        if (!stills.has(front)) {
          await composeFront(posed, front, part.character, page.stills);
          stills.add(front);
        }
      }
      if (gesture) arms = await writeArmsTrack(gesture.sprites);
    } else {
      still = `${prefix}-still-s${part.isScale}${gesture ? '-bare' : ''}.png`;
      if (!stills.has(still)) {
        await composeStill(posed, still, part, page.stills);
        stills.add(still);
      }
      // The arms drawn into the still per pose, as the part's own still track.
      if (gesture) still = await armsOverStill(gesture.sprites, still, page.stills?.withExt('.pam'));
    }
    // The shape in force when the part starts, then the cues inside it, in part time.
    const before = cues.filter((c) => c.startMs <= from).at(-1);
    const local = [
      ...(before ? [{ ...before, startMs: 0 }] : []),
      ...cues
        .filter((c) => c.startMs > from && c.startMs < end)
        .map((c) => ({ ...c, startMs: c.startMs - from })),
    ];
    const mouthFile = `${prefix}-part${k}-mouth.ffconcat`;
    await writeFile(mouthFile, mouthTrack(local, length, plan.character.rig.mouths, plan.fps));
    const partBlinks = blinks.filter((t) => t > from && t + BLINK_MS <= end).map((t) => t - from);
    const blinkFile = `${prefix}-part${k}-blink.ffconcat`;
    await writeFile(blinkFile, blinkTrack(partBlinks, length, openEyes, plan.character.rig.blink));
    let headTrack: string | undefined;
    if (page.sprites && part.character && drawn.character.rig.head) {
      // The part's head in its own framing, on the part's clock (the motion on the page clock).
      headTrack = `${prefix}-part${k}-head.ffconcat`;
      const stream = {
        fps: plan.fps,
        frames: partFrames(part, plan.fps),
        offsetMs: from,
        motion,
        cues: local,
      };
      await writeHeadTrack(drawn.character.rig, part.character, stream, page.sprites, headTrack);
    }
    files.push({
      still,
      mouthTrack: mouthFile,
      blinkTrack: blinkFile,
      ...(headTrack ? { headTrack } : {}),
      ...(front ? { front } : {}),
      ...(arms ? { arms } : {}),
    });
  }
  return files;
}
