/*
 * The green-screen key the render applies (ffmpeg chromakey), redone in the browser for the
 * previews: a pixel's distance to the key colour in the U/V chroma plane decides its alpha, so the
 * stage, the cards and the video agree on what is keyed out.
 */

/** Chroma (U, V) of an RGB colour, BT.601 like ffmpeg's chromakey. */
export function chroma(r: number, g: number, b: number): [number, number] {
  return [-0.169 * r - 0.331 * g + 0.5 * b + 128, 0.5 * r - 0.419 * g - 0.081 * b + 128];
}

/** '#00FF00' → [0, 255, 0]; invalid text gives pure green. */
export function parseHexColor(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return [0, 255, 0];
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}

/**
 * Keys RGBA pixels in place: alpha 0 within `similarity` of the key colour, rising to opaque over
 * `blend` (the same formula as ffmpeg's chromakey, without its 3x3 averaging).
 */
export function chromaKeyPixels(
  data: Uint8ClampedArray,
  key: { color: string; similarity: number; blend: number },
): void {
  const [kr, kg, kb] = parseHexColor(key.color);
  const [ku, kv] = chroma(kr, kg, kb);
  for (let i = 0; i < data.length; i += 4) {
    const [u, v] = chroma(data[i], data[i + 1], data[i + 2]);
    const diff = Math.sqrt((u - ku) ** 2 + (v - kv) ** 2) / 255;
    const alpha =
      key.blend > 0.0001
        ? Math.min(1, Math.max(0, (diff - key.similarity) / key.blend))
        : diff > key.similarity
          ? 1
          : 0;
    data[i + 3] = Math.round(data[i + 3] * alpha);
  }
}
