/**
 * The lip-sync measure read from a rendered video (issue 13): a narration page rendered by the real
 * page graph (presenterVideo.ts: the layered built-in presenter xiaoya at its natural size, the
 * moving head carrying the mouth sprites of the page's mouth timeline), decoded back to RGB, and
 * for each frame the mouth read where the head placement puts it: its opening (pixels between the
 * lips) and its nearest mouth sprite. Both are held against the audio (RMS energy per 40 ms frame) and the
 * phonemes. Shared by tests/server/video/lipSyncVideo.test.ts and bench/lipSync.ts, hence outside
 * both.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { headCorner, poseAt } from '../src/model/motion';
import {
  MOUTH_OPENING,
  shapeAt,
  type MouthCue,
  type MouthShape,
  type PhonemeTiming,
} from '../src/model/speech';
import { encodeWav, pcmLevels } from '../src/server/adapters/media/wav';
import { bestLagCorrelation, classAgreement, phonemeClasses } from './lipSyncScore';
import { nearestShape, openingHeight, uprightMouth, type Rgb } from './mouthReading';
import { CROP, layout, renderPresenterPage, rig, SHAPES } from './presenterVideo';

export const FRAME_MS = 40;

/** A narration as the render gets it: its audio, its mouth timeline, and the phonemes when known. */
export interface Narration {
  samples: Int16Array;
  sampleRate: number;
  cues: MouthCue[];
  phonemes: readonly PhonemeTiming[];
}

/** The figures of one narration, from the video and (for comparison) from its timeline. */
export interface LipSyncFigures {
  frames: number;
  video: { r: number; lag: number; classRight: number };
  timeline: { r: number; lag: number; classRight: number };
  /** Frames whose nearest sprite is the timeline's shape at that frame (the reading's own check). */
  shapeRead: number;
}

/** Each mouth sprite on the head sprite, upright, cut to the mouth box plus margin. */
async function references(): Promise<Map<MouthShape, Rgb>> {
  const at = { mouth: layout.mouth, size: layout.rest, corner: { x: 0, y: 0, angle: 0 } };
  const refs = new Map<MouthShape, Rgb>();
  for (const shape of SHAPES) {
    const drawn = await sharp(rig.head!.file)
      .resize(layout.rest.width, layout.rest.height)
      .composite([{ input: rig.mouths[shape], left: layout.mouth.x, top: layout.mouth.y }])
      .png()
      .toBuffer();
    // Flattened apart: sharp applies composite last, which would bring the alpha back.
    const { data, info } = await sharp(drawn)
      .flatten({ background: '#000000' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    refs.set(shape, uprightMouth({ width: info.width, height: info.height, data }, at));
  }
  return refs;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** Renders `n` in `work` (a scratch directory) and measures its lip-sync from the video. */
export async function measureLipSync(work: string, n: Narration): Promise<LipSyncFigures> {
  const durationMs = Math.round((n.samples.length / n.sampleRate) * 1000);
  const audio = path.join(work, 'narration.wav');
  await writeFile(audio, encodeWav(n.samples, n.sampleRate));
  const page = { audio, durationMs, cues: n.cues, index: 1 };
  const [{ frames, motion }, refs] = await Promise.all([renderPresenterPage(work, page), references()]);
  const opening: number[] = [];
  const seen: MouthShape[] = [];
  frames.forEach((frame, k) => {
    const c = headCorner(layout, poseAt(motion, k * FRAME_MS));
    const mouth = uprightMouth(frame, {
      mouth: layout.mouth,
      size: layout.rest,
      corner: { x: c.x - CROP.x, y: c.y - CROP.y, angle: c.angle },
    });
    opening.push(openingHeight(mouth));
    seen.push(nearestShape(mouth, refs));
  });
  const energy = pcmLevels(n.samples, n.sampleRate, FRAME_MS);
  const wants = phonemeClasses(n.phonemes, durationMs, FRAME_MS);
  const planned = frames.map((_, k) => shapeAt(n.cues, k * FRAME_MS));
  const video = bestLagCorrelation(opening, energy);
  const timeline = bestLagCorrelation(
    planned.map((s) => MOUTH_OPENING[s]),
    energy,
  );
  return {
    frames: frames.length,
    video: { r: round(video.r), lag: video.lag, classRight: round(classAgreement(seen, wants)) },
    timeline: { r: round(timeline.r), lag: timeline.lag, classRight: round(classAgreement(planned, wants)) },
    shapeRead: round(seen.filter((s, k) => s === planned[k]).length / frames.length),
  };
}
