import { describe, expect, it } from 'vitest';
import {
  checkSceneFile,
  isPngOrJpeg,
  validateSceneDraft,
} from '../../../../src/app/screens/editor/library/sceneUploadRules';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('scene form rules (spec 5)', () => {
  it('name and image are required', () => {
    expect(validateSceneDraft({ name: ' ', sizeType: 1, file: null })).toEqual({
      name: '请输入背景名称',
      file: '请上传背景图片',
    });
    expect(validateSceneDraft({ name: '展厅', sizeType: 2, file: new File(['x'], 'a.png') })).toEqual({});
    expect(validateSceneDraft({ name: '长'.repeat(31), sizeType: 1, file: null }).name).toBe(
      '背景名称不能超过30个字',
    );
  });

  it('accepts .png / .jpg / .jpeg only, up to 20 MB', () => {
    expect(checkSceneFile(file('a.PNG', 'image/png'))).toBeNull();
    expect(checkSceneFile(file('a.jpeg', 'image/jpeg'))).toBeNull();
    expect(checkSceneFile(file('a.jpg', ''))).toBeNull();
    expect(checkSceneFile(file('a.gif', 'image/gif'))).toBe('背景图片只能是 PNG 或 JPG 格式!');
    expect(checkSceneFile(file('a.png', 'image/gif'))).toBe('背景图片只能是 PNG 或 JPG 格式!');
    expect(checkSceneFile(file('a.webp', 'image/webp'))).toBe('背景图片只能是 PNG 或 JPG 格式!');
    expect(checkSceneFile(file('a.jpg', 'image/jpeg', 20 * 1024 * 1024 + 1))).toBe(
      '背景图片大小不能超过 20MB!',
    );
  });

  it('recognises PNG and JPEG by their first bytes', () => {
    expect(isPngOrJpeg(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(isPngOrJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(isPngOrJpeg(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBe(false);
    expect(isPngOrJpeg(new TextEncoder().encode('hello png'))).toBe(false);
  });
});
