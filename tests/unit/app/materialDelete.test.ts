import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ deleteMaterial: vi.fn() }));
vi.mock('../../../src/app/services/http', () => ({ studioApi: api, http: {}, confirmLogout: vi.fn() }));

import type { MaterialItem } from '../../../src/api/material.contract';
import { i18n } from '../../../src/app/i18n';
import { pendingConfirm } from '../../../src/app/state/confirm';
import { removeMaterial } from '../../../src/app/state/materials';

/* Issue 16: only audio can be background music, so only deleting audio mentions it. */
const material = (type: 2 | 3, name: string): MaterialItem =>
  ({
    resourcesId: 1,
    name,
    type,
    path: '',
    thumb: '',
    size: 1,
    durationMs: 0,
    width: 0,
    height: 0,
  }) as MaterialItem;

describe('deleting a material', () => {
  beforeEach(() => i18n.changeLanguage('zh'));
  afterEach(() => pendingConfirm.value?.resolve(false));

  it('names the material, and warns about background music for audio only', async () => {
    void removeMaterial(material(2, '封面图'));
    expect(pendingConfirm.value?.content).toBe('此操作将永久删除素材「封面图」, 是否继续?');
    pendingConfirm.value!.resolve(false);
    await Promise.resolve();
    void removeMaterial(material(3, '片头音乐'));
    expect(pendingConfirm.value?.content).toBe(
      '此操作将永久删除素材「片头音乐」, 是否继续? 使用它作背景音乐的项目需重新选择。',
    );
    expect(api.deleteMaterial).not.toHaveBeenCalled();
  });
});
