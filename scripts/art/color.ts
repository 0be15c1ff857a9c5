/** Small colour helpers shared by the art generators (hex in, hex out). */

function parse(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function toHex(rgb: number[]): string {
  return (
    '#' +
    rgb
      .map((v) =>
        Math.max(0, Math.min(255, Math.round(v)))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** Mix two colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = parse(a);
  const y = parse(b);
  return toHex(x.map((v, i) => v + (y[i] - v) * t));
}

/** Darken (amount > 0) toward a warm near-black, keeps shadows from looking grey. */
export function shade(hex: string, amount: number): string {
  return mix(hex, '#1a1020', amount);
}

/** Lighten toward white. */
export function tint(hex: string, amount: number): string {
  return mix(hex, '#ffffff', amount);
}
