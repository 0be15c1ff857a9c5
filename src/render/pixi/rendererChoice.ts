/*
 * Which Pixi renderer the stage uses. WebGL where the browser has a hardware GPU; the canvas
 * renderer where WebGL is missing or only software (SwiftShader, llvmpipe: remote desktops,
 * virtual machines, headless browsers), because there a CPU rasterises every WebGL draw and a
 * drag of one sticker among 100 took 208 ms a frame against 17 ms on canvas (../shared/STAGE.md).
 * WebGPU is not offered: where it exists here it fails on buffer creation.
 */

/** The renderers the stage picks between; 'none' where the page has no canvas drawing at all. */
export type StageRenderer = 'webgl' | 'canvas' | 'none';

const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software|basic render driver|mesa offscreen/i;

/** True when a WebGL renderer string names a software rasteriser. */
export function isSoftwareRenderer(name: string): boolean {
  return SOFTWARE_GL.test(name);
}

let chosen: StageRenderer | null = null;

function hasCanvas2d(): boolean {
  try {
    return !!document.createElement('canvas').getContext('2d');
  } catch {
    return false;
  }
}

/** What the GPU probe found: the renderer string, or '' when WebGL is missing. */
function probeWebGl(): string {
  try {
    const canvas = document.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl) return '';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? 'unknown');
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  } catch {
    return '';
  }
}

/**
 * The renderer for this browser, probed once. `?renderer=webgl|canvas` in the page address
 * overrides it (for comparing both on one machine).
 */
export function chooseRenderer(): StageRenderer {
  if (chosen) return chosen;
  const forced = new URLSearchParams(location.search || location.hash.split('?')[1] || '').get('renderer');
  if (forced === 'webgl' || forced === 'canvas') return (chosen = forced);
  const name = probeWebGl();
  if (name && !isSoftwareRenderer(name)) chosen = 'webgl';
  else chosen = hasCanvas2d() ? 'canvas' : 'none';
  return chosen;
}
