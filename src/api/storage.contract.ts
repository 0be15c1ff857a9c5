/** '9.8 GB', '512 MB': a stored size in a quota message. */
function sizeText(bytes: number): string {
  const mb = bytes / 1024 ** 2;
  return mb >= 1024 ? `${(mb / 1024).toFixed(1)} GB` : `${Math.ceil(mb)} MB`;
}

/** Refusals of the per-user storage quota (USER_QUOTA_MB). */
export const storageMessages = {
  quotaExceeded: (usedBytes: number, quotaBytes: number) =>
    `存储空间不足：已使用 ${sizeText(usedBytes)}，上限 ${sizeText(quotaBytes)}，请删除不用的 PDF、素材或视频后再上传`,
} as const;
