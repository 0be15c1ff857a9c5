import { z } from 'zod';
import { defineEndpoint, defineUpload, envelopeOf, noFields } from './endpoint';

/**
 * 语音转文字 and 字幕工具 (spec section 7 names SpeechToText under /notice/v1/timbre/; the exact paths
 * are ours). Audio or a video plus, optionally, its script go in; a task aligns the script to the
 * speech (offline) or, without a script, asks the configured OpenAI-compatible transcription server;
 * the answer is timed cues plus SRT and ASS files.
 */

/** Audio the tool accepts (the spec's list) and the videos whose sound it can read. */
export const SUBTITLE_AUDIO_EXTENSIONS = ['wav', 'mp3', 'm4a', 'ogg', 'aac', 'wma', 'flac'] as const;
export const SUBTITLE_VIDEO_EXTENSIONS = ['mp4', 'mov', 'webm', 'mkv', 'm4v'] as const;
/** Uploads must be under 1 GB (spec section 5, audio). */
export const SUBTITLE_MAX_BYTES = 1024 * 1024 * 1024;
/** Longest recording, minutes; longest script, characters. */
export const SUBTITLE_MAX_MINUTES = 90;
export const SUBTITLE_MAX_SCRIPT_CHARS = 20_000;

export const subtitleMessages = {
  fileType: '请上传音频或视频文件（WAV、MP3、M4A、OGG、AAC、WMA、FLAC，或 MP4、MOV、WEBM、MKV）',
  tooLarge: '上传文件大小不可大于1G',
  unreadable: '文件中没有可识别的音频，请确认文件未损坏',
  scriptMismatch: '文稿与音频内容对不上，无法生成字幕：请确认粘贴的是这段录音的文稿',
  tooShort: '音频时长过短，请上传不少于0.3秒的音频',
  tooLong: `音频时长不能超过${SUBTITLE_MAX_MINUTES}分钟`,
  scriptTooLong: `文稿不能超过${SUBTITLE_MAX_SCRIPT_CHARS}字`,
  scriptEmpty: '文稿中没有可朗读的文字',
  noTranscriber:
    '未配置语音识别服务：没有文稿时需要一个 OpenAI 兼容的语音转写服务。请在服务器上设置环境变量 ' +
    'TRANSCRIBE_URL（例如 http://127.0.0.1:8000，可选 TRANSCRIBE_MODEL、TRANSCRIBE_API_KEY）后重启服务。' +
    '粘贴文稿则无需该服务，字幕在本机离线对齐。',
  notFound: '字幕任务不存在或无权访问',
} as const;

/**
 * POST /notice/v1/timbre/SpeechToText: multipart, fields `text` (the script, optional) and
 * `language` (a hint for the transcription server, optional) before the file field `file`.
 * data: the new task (poll it with speechToTextStatus).
 */
export const speechToTextFields = z.object({ text: z.string().default(''), language: z.string().optional() });
export const speechToTextEndpoint = defineUpload({
  method: 'POST',
  path: '/notice/v1/timbre/SpeechToText',
  fileField: 'file',
  fields: speechToTextFields,
  response: envelopeOf<SubtitleTask>(),
});

/** POST /notice/v1/timbre/speechToTextStatus {taskId}: where one of the caller's tasks stands. */
export const speechToTextStatusRequest = z.object({
  taskId: z.coerce
    .number<number>({ message: subtitleMessages.notFound })
    .int()
    .positive(subtitleMessages.notFound),
});
export const speechToTextStatusEndpoint = defineEndpoint({
  method: 'POST',
  path: '/notice/v1/timbre/speechToTextStatus',
  request: speechToTextStatusRequest,
  response: envelopeOf<SubtitleTask>(),
});

/** POST /notice/v1/timbre/speechToTextInfo: what the server can do (is a transcriber configured?). */
export const speechToTextInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/notice/v1/timbre/speechToTextInfo',
  request: noFields,
  response: envelopeOf<SpeechToTextInfo>(),
});
export interface SpeechToTextInfo {
  /** True when TRANSCRIBE_URL is set: recognition without a script is possible. */
  transcribe: boolean;
  /** The model name sent to the transcription server ('' when none is configured). */
  model: string;
  maxMinutes: number;
  maxScriptChars: number;
}

/** One subtitle line with its times in the recording. */
export interface SubtitleCue {
  index: number;
  startMs: number;
  endMs: number;
  text: string;
}

/** 'align': the script was aligned offline; 'transcribe': the speech was recognised by the server. */
export type SubtitleMode = 'align' | 'transcribe';
export type SubtitleTaskState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** A subtitle task as the client polls it. */
export interface SubtitleTask {
  taskId: number;
  status: SubtitleTaskState;
  mode: SubtitleMode;
  /** 0..100 */
  percent: number;
  /** The stage while running; the reason when failed. */
  message: string;
  /** Set when done. */
  result: {
    /** The script as aligned, or the recognised text. */
    text: string;
    durationMs: number;
    cues: SubtitleCue[];
    /** Signed download URLs. */
    srtUrl: string;
    assUrl: string;
  } | null;
}
