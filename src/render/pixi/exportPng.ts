import { Matrix, RenderTexture, type Application as PixiApp, type Container } from 'pixi.js';
import { inVideo, type StageScene } from '../stageScene';
import { EDITING_AID } from './StageItems';
import type { StageRuntime } from './stageRuntime';

/**
 * Draws the scene at its export size in export units (the render's numbers), off screen, and
 * puts the stage back as it was.
 */
export async function exportPng(
  app: PixiApp,
  root: Container,
  scene: StageScene,
  rt: StageRuntime,
  scale: number,
): Promise<Blob> {
  const { width, height } = scene.exportFrame;
  const target = RenderTexture.create({ width, height, resolution: 1 });
  // The selection and the presenter's place-holder are editing aids the video does not have.
  const aids = root.children.filter((c) => c.label === EDITING_AID);
  try {
    for (const aid of aids) aid.visible = false;
    root.scale.set(1);
    // What the video does not show at this moment is moved out of the frame (inVideo).
    for (const item of scene.items)
      rt.layouts.get(item.id)?.(inVideo(item) ? item.exportBox : { ...item.exportBox, x: -1e6, y: -1e6 });
    app.renderer.render({ container: root, target, clear: true, transform: new Matrix() });
    const canvas = app.renderer.extract.canvas({ target }) as HTMLCanvasElement;
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    for (const item of scene.items) rt.layouts.get(item.id)?.(item.box);
    root.scale.set(scale);
    for (const aid of aids) aid.visible = true;
    target.destroy(true);
    rt.loop.invalidate();
  }
}
