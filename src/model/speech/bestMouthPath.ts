/**
 * The cheapest sequence of mouth shapes under a minimum hold (Viterbi over short steps): each step
 * says what each shape would cost there (how far it is from the wanted opening, whether it is the
 * wrong kind of shape for the sound), and the path pays a little for every change. A shape, once
 * shown, stays for `minHoldSteps`, so nothing flickers; where a sound is too short to be held, the
 * path decides whether it is worth showing from what its neighbours lose, instead of a fixed rule.
 */
import { MOUTH_SHAPES, type MouthShape } from './mouthShapes';

const SHAPES = MOUTH_SHAPES.length;

/**
 * The shape of each step minimising the summed `cost(step, shape)` plus `switchCost` per change,
 * with every run of one shape at least `minHoldSteps` long except the last (cut short by the end)
 * and a closed first one (A or X: the lips are closed before the page starts, nothing flickers). `cost` is read once per step and shape.
 */
export function bestMouthPath(
  steps: number,
  cost: (step: number, shape: MouthShape) => number,
  minHoldSteps: number,
  switchCost: number,
): MouthShape[] {
  if (steps <= 0) return [];
  const hold = Math.max(1, Math.round(minHoldSteps));
  // State: shape s held for d steps (1..hold, hold meaning "long enough to change").
  const states = SHAPES * hold;
  const index = (s: number, d: number) => s * hold + (d - 1);
  let best = new Float64Array(states).fill(Infinity);
  const from = new Int32Array(steps * states).fill(-1);
  // The lips are closed before the page starts, so a brief closed first run (A or X) changes nothing.
  for (let s = 0; s < SHAPES; s++) {
    const closed = MOUTH_SHAPES[s] === 'A' || MOUTH_SHAPES[s] === 'X';
    best[index(s, closed ? hold : 1)] = cost(0, MOUTH_SHAPES[s]);
  }
  for (let i = 1; i < steps; i++) {
    const next = new Float64Array(states).fill(Infinity);
    // The cheapest state that may change shape now, and the runner-up with another shape, so each
    // target shape finds its best predecessor of a different shape in constant time.
    let first = -1;
    let second = -1;
    for (let s = 0; s < SHAPES; s++) {
      const k = index(s, hold);
      if (first < 0 || best[k] < best[first]) {
        second = first;
        first = k;
      } else if (second < 0 || best[k] < best[second]) second = k;
    }
    for (let s = 0; s < SHAPES; s++) {
      const here = cost(i, MOUTH_SHAPES[s]);
      for (let d = 1; d <= hold; d++) {
        // Staying: from d-1 (or from hold, which stays at hold).
        const stay =
          d === 1
            ? -1
            : d === hold
              ? best[index(s, hold - 1)] <= best[index(s, hold)]
                ? index(s, hold - 1)
                : index(s, hold)
              : index(s, d - 1);
        let prev = stay;
        let total = stay >= 0 ? best[stay] : Infinity;
        if (d === 1) {
          const other = Math.floor(first / hold) === s ? second : first;
          if (other >= 0 && best[other] + switchCost < total) {
            prev = other;
            total = best[other] + switchCost;
          }
        }
        if (prev < 0 || !Number.isFinite(total)) continue;
        next[index(s, d)] = total + here;
        from[i * states + index(s, d)] = prev;
      }
    }
    best = next;
  }
  // End anywhere: the last run may be cut short by the end of the page.
  let end = 0;
  for (let k = 1; k < states; k++) if (best[k] < best[end]) end = k;
  const path: MouthShape[] = new Array<MouthShape>(steps);
  for (let i = steps - 1, k = end; i >= 0; i--) {
    path[i] = MOUTH_SHAPES[Math.floor(k / hold)];
    k = from[i * states + k];
  }
  return path;
}
