import { newDocument, type ProjectDocument } from '../../src/model/project';

/** Where the bench page finds its pictures (served by bench/stage.ts from assets/library). */
export const LIB = '/lib';

/**
 * A landscape page like a busy real one: office scene, a slide, the page video (when `video`),
 * presenter 小雅, and `stickers` stickers of which every tenth is a GIF (when `gifs`), spread over the frame.
 */
export function benchDocument(stickers: number, video: boolean, gifs = true): ProjectDocument {
  const doc = newDocument({ projectName: 'stage bench' });
  const textureList = Array.from({ length: stickers }, (_, k) => {
    const gif = gifs && k % 10 === 0;
    const n = String((k % (gif ? 12 : 26)) + 1).padStart(3, '0');
    const id = `${gif ? 'g' : 's'}${n}`;
    return {
      textureId: id,
      path: `${LIB}/stickers/${id}.${gif ? 'gif' : 'png'}?k=${k}`,
      x: (k * 37) % 880,
      y: (Math.floor(k / 24) * 61 + (k % 7) * 9) % 470,
      width: 70,
      height: 70,
      position: 0,
      id: `b${k}`,
    };
  });
  return {
    ...doc,
    scene: { ...doc.scene, path: `${LIB}/scenes/office.jpg`, icon: `${LIB}/scenes/office.jpg` },
    character: {
      ...doc.character,
      uuid: 'xiaoya',
      name: '小雅',
      staticImg: `${LIB}/characters/xiaoya/static.png`,
      X: 40,
      Y: 90,
      width: 256,
      height: 448,
    },
    ppt: {
      ...doc.ppt,
      pages: [
        {
          ...doc.ppt.pages[0],
          img: `${LIB}/scenes/classroom.jpg`,
          video: video ? '/media/page.mp4' : '',
          isVideo: video ? 1 : 0,
          textureList,
        },
      ],
    },
  };
}
