import type { PresenterKeying } from '../../api/presenter.contract';

/**
 * The ffmpeg filters that key out a green screen: chromakey works on YUV and needs a pixel format
 * with alpha to write the transparency into, so the stream is converted to yuva444p first (4:4:4
 * also keeps the key's edge sharper than 4:2:0 would).
 */
export function chromaKeyFilters(keying: PresenterKeying): string {
  const color = `0x${keying.color.replace(/^#/, '').toUpperCase()}`;
  return `format=yuva444p,chromakey=color=${color}:similarity=${keying.similarity}:blend=${keying.blend}`;
}
