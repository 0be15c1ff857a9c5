/** The largest side an uploaded picture may have: 8K, far above any scene, sticker or presenter. */
export const IMAGE_MAX_SIDE = 8192;

/** Refusals every picture upload shares (avatars, scenes, stickers, materials, presenters). */
export const imageMessages = {
  tooLarge: (width: number, height: number) =>
    `图片尺寸过大（${width}×${height} 像素），宽和高都不能超过 ${IMAGE_MAX_SIDE} 像素`,
  damaged: '图片文件已损坏或不完整，请重新导出后上传',
} as const;
