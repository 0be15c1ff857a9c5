import type { CharacterItem, SceneItem, VoiceItem } from '../../../../src/api/library.contract';

/** A presenter list item as the server sends it. */
export function character(id: string, extra: Partial<CharacterItem> = {}): CharacterItem {
  return {
    id,
    name: `人物${id}`,
    static_img: `/library/characters/${id}/static.png`,
    icon: `/library/characters/${id}/icon.png`,
    status: 1,
    isPublic: 1,
    type: 1,
    video: '',
    timbreInfo: 'zh-f',
    sex: 2,
    style: 'business',
    width: 800,
    height: 1400,
    rig: {
      body: '',
      blink: '',
      mouths: {},
      mouth: { x: 0, y: 0, width: 1, height: 1 },
      eyes: { x: 0, y: 0, width: 1, height: 1 },
    },
    ...extra,
  };
}

export function scene(id: string, sizeType: number, extra: Partial<SceneItem> = {}): SceneItem {
  return {
    id,
    name: `场景${id}`,
    path: `/library/scenes/${id}.jpg`,
    thumb: `/library/scenes/${id}.thumb.jpg`,
    sizeType,
    width: 1920,
    height: 1080,
    userId: null,
    ...extra,
  };
}

export function voice(id: string, extra: Partial<VoiceItem> = {}): VoiceItem {
  return {
    id,
    show_name: `音色${id}`,
    name: `engine-${id}`,
    sex: 2,
    isPublic: 1,
    pthStatus: 4,
    lang: 'zh',
    ...extra,
  };
}

/** Pages `all` like the server: pageIndex from 1, pageSize items per page, count of all. */
export function pageOf<T>(all: T[], pageIndex: number, pageSize: number) {
  return {
    code: 200,
    msg: '',
    data: {
      list: all.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
      count: all.length,
      pageIndex,
      pageSize,
    },
  };
}
