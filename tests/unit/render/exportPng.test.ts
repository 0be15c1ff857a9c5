import { Container, type Application } from 'pixi.js';
import { describe, expect, it, vi } from 'vitest';
import { buildStageScene } from '../../../src/render';
import { exportPng } from '../../../src/render/pixi/exportPng';
import { EDITING_AID } from '../../../src/render/pixi/StageItems';
import type { StageRuntime } from '../../../src/render/pixi/stageRuntime';
import { readyDocument } from '../model/fixtures';

/*
 * 导出当前画面 draws what the video shows: the selection and the presenter's place-holder
 * ("请在左侧选择数字人", a project with no presenter yet) are editing aids, hidden while the frame
 * is drawn and shown again afterwards. 全片预览 (the scene as rendered) has no place-holder either.
 */

describe('the export and the scene as rendered leave editing aids out', () => {
  it('hides every editing aid while the export is drawn, and shows them again', async () => {
    const root = new Container();
    const aid = new Container({ label: EDITING_AID });
    const placeholder = new Container({ label: EDITING_AID });
    const items = new Container({ label: 'items' });
    root.addChild(items, placeholder, aid);
    const seen: boolean[][] = [];
    const app = {
      renderer: {
        render: vi.fn(() => seen.push(root.children.map((c) => c.visible))),
        extract: { canvas: () => ({ toBlob: (done: (b: Blob) => void) => done(new Blob(['png'])) }) },
      },
    } as unknown as Application;
    const rt = { layouts: new Map(), loop: { invalidate: vi.fn() } } as unknown as StageRuntime;
    const scene = buildStageScene({ doc: readyDocument(), pageAt: 0, isScale: 1 });
    await exportPng(app, root, scene, rt, 0.5);
    // Drawn with the items only.
    expect(seen).toEqual([[true, false, false]]);
    expect(root.children.map((c) => c.visible)).toEqual([true, true, true]);
    expect(root.scale.x).toBe(0.5);
  });

  it('marks the scene as rendered (全片预览) as having no editing aids', () => {
    const doc = readyDocument();
    const noPresenter = { ...doc, character: { ...doc.character, staticImg: '' } };
    expect(buildStageScene({ doc: noPresenter, pageAt: 0, isScale: 1 }).editingAids).toBe(true);
    const rendered = buildStageScene({ doc: noPresenter, pageAt: 0, isScale: 1, asRendered: true });
    expect(rendered.hasPresenter).toBe(false);
    expect(rendered.editingAids).toBe(false);
  });
});
