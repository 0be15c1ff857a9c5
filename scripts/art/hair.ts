/** Hair styles: each returns a back layer (behind the body) and a front layer (over the face). */
import { shade, tint } from './color.js';
import { CX } from './geometry.js';
import type { HairStyle, Presenter } from './palette.js';
import { linear, mirrored } from './svg.js';

export interface HairLayers {
  back: string;
  front: string;
}

export function hairDefs(p: Presenter): string {
  const c = p.hair.color;
  return (
    linear(
      'hairFill',
      0,
      110,
      0,
      660,
      [
        [0, tint(c, 0.14)],
        [0.45, c],
        [1, shade(c, 0.12)],
      ],
      true,
    ) +
    linear(
      'hairBack',
      0,
      110,
      0,
      660,
      [
        [0, shade(c, 0.12)],
        [1, shade(c, 0.3)],
      ],
      true,
    )
  );
}

function sheen(p: Presenter, d: string, width = 6): string {
  return `<path d="${d}" fill="none" stroke="${tint(p.hair.color, 0.3)}" stroke-width="${width}" stroke-linecap="round" opacity="0.55"/>`;
}

function strand(p: Presenter, d: string): string {
  return `<path d="${d}" fill="none" stroke="${shade(p.hair.color, 0.3)}" stroke-width="3" stroke-linecap="round" opacity="0.5"/>`;
}

const F = 'fill="url(#hairFill)"';
const B = 'fill="url(#hairBack)"';

function sidePart(p: Presenter): HairLayers {
  const front =
    `<path ${F} d="M 277 356 C 262 270, 268 196, 318 160 C 362 130, 452 126, 494 156 C 536 186, 540 268, 524 356 ` +
    `L 516 356 C 514 306, 510 276, 498 254 C 470 236, 420 226, 384 212 C 368 206, 356 200, 346 198 ` +
    `C 318 214, 292 246, 287 300 L 285 356 Z"/>` +
    `<path ${F} d="M 346 198 C 380 190, 440 196, 480 214 C 502 226, 512 246, 512 262 C 490 240, 440 228, 384 220 Z"/>` +
    sheen(p, 'M 330 176 C 370 156, 440 154, 480 176') +
    strand(p, 'M 352 204 C 400 196, 460 206, 500 236') +
    strand(p, 'M 300 230 C 312 206, 330 192, 346 186');
  return { back: '', front };
}

function textured(p: Presenter): HairLayers {
  const front =
    `<path ${F} d="M 279 346 C 262 268, 270 206, 300 176 Q 300 150 332 152 Q 340 124 372 134 Q 392 110 420 128 ` +
    `Q 452 112 468 140 Q 500 138 502 168 C 534 196, 540 266, 522 346 L 515 346 C 514 298, 506 270, 494 252 ` +
    `Q 478 238 462 246 Q 452 226 428 234 Q 414 216 392 230 Q 370 218 356 236 Q 330 228 322 248 ` +
    `C 300 262, 290 292, 287 346 Z"/>` +
    sheen(p, 'M 340 166 Q 372 146 404 150', 7) +
    sheen(p, 'M 428 150 Q 458 146 476 166', 6) +
    strand(p, 'M 330 220 Q 350 190 372 176') +
    strand(p, 'M 412 210 Q 432 186 456 180');
  return { back: '', front };
}

function shortNeat(p: Presenter): HairLayers {
  const front =
    `<path ${F} d="M 279 352 C 266 272, 274 204, 322 170 C 364 144, 444 142, 486 168 C 530 198, 536 272, 522 352 ` +
    `L 515 352 C 514 300, 506 268, 490 246 C 458 226, 420 222, 396 224 C 360 226, 318 236, 300 262 ` +
    `C 292 280, 288 310, 287 352 Z"/>` +
    sheen(p, 'M 338 180 C 380 164, 430 164, 470 182') +
    strand(p, 'M 318 236 C 350 222, 380 218, 410 220') +
    strand(p, 'M 430 224 C 460 228, 484 240, 500 258');
  return { back: '', front: mirrored(front, CX) };
}

function longStraight(p: Presenter): HairLayers {
  const back =
    `<path ${B} d="M 262 300 C 254 180, 320 118, 400 118 C 480 118, 546 180, 538 300 L 552 612 ` +
    `C 556 652, 526 668, 496 656 L 304 656 C 274 668, 244 652, 248 612 Z"/>`;
  const lock =
    `<path ${F} d="M 312 214 C 276 252, 268 330, 272 420 C 276 500, 268 570, 252 640 ` +
    `C 274 654, 302 648, 318 628 C 306 560, 300 486, 298 420 C 296 350, 300 292, 322 248 Z"/>`;
  const front =
    `<path ${F} d="M 276 330 C 266 214, 322 140, 402 138 C 486 136, 534 206, 524 330 ` +
    `C 512 290, 494 258, 462 238 C 430 222, 392 216, 366 190 C 348 222, 316 252, 290 300 Z"/>` +
    `<path ${F} d="M 366 188 C 420 200, 480 224, 506 262 C 520 284, 524 310, 524 330 C 500 286, 456 258, 408 238 C 388 226, 372 210, 366 188 Z"/>` +
    lock +
    mirrored(lock, CX) +
    sheen(p, 'M 320 172 C 350 152, 390 146, 420 148', 7) +
    sheen(p, 'M 286 440 C 288 500, 284 560, 272 620', 5) +
    strand(p, 'M 372 196 C 420 214, 474 236, 508 286') +
    strand(p, 'M 300 300 C 290 360, 292 440, 294 520');
  return { back, front };
}

function bun(p: Presenter): HairLayers {
  const back =
    `<circle cx="${CX}" cy="122" r="56" fill="url(#hairFill)"/>` +
    `<path d="M 356 110 C 376 84, 424 84, 444 110" fill="none" stroke="${tint(p.hair.color, 0.3)}" stroke-width="6" stroke-linecap="round" opacity="0.5"/>` +
    `<path d="M 352 140 C 376 126, 424 126, 448 140" fill="none" stroke="${shade(p.hair.color, 0.3)}" stroke-width="3" opacity="0.5"/>`;
  const wisp = `<path d="M 292 292 C 280 340, 286 390, 300 430" fill="none" stroke="url(#hairFill)" stroke-width="7" stroke-linecap="round"/>`;
  const front =
    `<path ${F} d="M 278 346 C 262 250, 300 158, 400 154 C 500 158, 538 250, 522 346 L 514 346 ` +
    `C 512 290, 494 244, 452 226 C 430 218, 410 212, 400 196 C 390 212, 370 218, 348 226 ` +
    `C 306 244, 288 290, 286 346 Z"/>` +
    `<rect x="374" y="150" width="52" height="14" rx="7" fill="#e86a6a"/>` +
    wisp +
    mirrored(wisp, CX) +
    sheen(p, 'M 322 200 C 346 176, 376 168, 396 170', 6) +
    strand(p, 'M 400 198 C 380 214, 344 222, 314 252') +
    strand(p, 'M 400 198 C 420 214, 456 222, 486 252');
  return { back, front };
}

function bob(p: Presenter): HairLayers {
  const back = `<path ${B} d="M 258 300 C 252 180, 318 122, 400 122 C 482 122, 548 180, 542 300 L 546 470 C 548 512, 520 530, 490 520 L 310 520 C 280 530, 252 512, 254 470 Z"/>`;
  const side =
    `<path ${F} d="M 300 230 C 272 270, 268 340, 270 410 C 272 460, 268 496, 262 516 C 284 528, 316 520, 330 500 ` +
    `C 306 470, 296 420, 294 370 C 292 320, 298 280, 312 250 Z"/>`;
  const front =
    `<path ${F} d="M 274 330 C 262 210, 322 140, 400 140 C 478 140, 538 210, 526 330 C 516 300, 506 286, 500 280 ` +
    `C 470 274, 440 284, 420 276 C 400 282, 372 286, 352 278 C 330 286, 306 282, 298 284 C 290 296, 282 312, 274 330 Z"/>` +
    side +
    mirrored(side, CX) +
    sheen(p, 'M 318 178 C 352 156, 400 150, 440 156', 7) +
    strand(p, 'M 360 190 C 356 230, 352 256, 352 276') +
    strand(p, 'M 430 186 C 428 226, 424 254, 420 274');
  return { back, front };
}

const STYLES: Record<HairStyle, (p: Presenter) => HairLayers> = {
  'side-part': sidePart,
  textured,
  'short-neat': shortNeat,
  'long-straight': longStraight,
  bun,
  bob,
};

export function hair(p: Presenter): HairLayers {
  return STYLES[p.hair.style](p);
}
