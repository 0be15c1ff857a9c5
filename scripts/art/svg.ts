/** Tiny SVG string helpers. */

export type Attrs = Record<string, string | number | undefined>;

export function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');
}

export function el(tag: string, a: Attrs, children = ''): string {
  return children ? `<${tag} ${attrs(a)}>${children}</${tag}>` : `<${tag} ${attrs(a)}/>`;
}

export function doc(width: number, height: number, defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`
  );
}

/** Linear gradient; stops as [offset 0..1, colour, opacity?]. Coordinates in user space when given as numbers. */
export function linear(
  id: string,
  x1: number | string,
  y1: number | string,
  x2: number | string,
  y2: number | string,
  stops: Array<[number, string, number?]>,
  userSpace = false,
): string {
  const s = stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('');
  return el(
    'linearGradient',
    { id, x1, y1, x2, y2, gradientUnits: userSpace ? 'userSpaceOnUse' : undefined },
    s,
  );
}

export function radial(
  id: string,
  cx: number | string,
  cy: number | string,
  r: number | string,
  stops: Array<[number, string, number?]>,
  userSpace = false,
  extra: Attrs = {},
): string {
  const s = stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`,
    )
    .join('');
  return el(
    'radialGradient',
    { id, cx, cy, r, gradientUnits: userSpace ? 'userSpaceOnUse' : undefined, ...extra },
    s,
  );
}

export function blurFilter(id: string, std: number): string {
  return `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`;
}

/** Mirror a path horizontally around x = cx by wrapping it in a transform. */
export function mirrored(content: string, cx: number): string {
  return `<g transform="translate(${2 * cx} 0) scale(-1 1)">${content}</g>`;
}
