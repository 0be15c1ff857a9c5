/** Audio formats a voice page accepts (spec section 5), by extension. */
export const AUDIO_EXTENSIONS = ['wav', 'mp3', 'm4a', 'ogg', 'aac', 'wma', 'flac'] as const;
/** Audio must be under 1 GB (spec section 5). */
export const AUDIO_MAX_BYTES = 1024 * 1024 * 1024;

export const resourceMessages = {
  audioTooLarge: '上传文件大小不可大于1G',
  audioType: '必须上传格式为WAV、MP3、M4A、OGG、AAC、WMA、FLAC文件',
  /** The file has the right name but holds no playable audio. */
  audioUnreadable: '音频文件无法读取，请确认文件未损坏',
} as const;

/**
 * POST /virtual/v1/userPro/resUpload: multipart, file field `resource`; fields projectId, pptSort
 * (the page's 1-based index). For audio the server checks the content, normalises it and stores it
 * with its duration and a mouth-shape timeline from audio analysis.
 */
export const resUploadEndpoint = {
  method: 'POST',
  path: '/virtual/v1/userPro/resUpload',
  fileField: 'resource',
} as const;

/** Answer of resUpload: `path` goes into page.tts, `soundTime` (seconds) into page.soundTime. */
export interface ResUploadData {
  path: string;
  soundTime: number;
  resId: string;
  /** URL of the timings JSON (words, mouth-shape timeline) stored beside the audio. */
  timingsPath: string;
}
