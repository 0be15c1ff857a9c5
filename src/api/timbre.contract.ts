import { z } from 'zod';
import { forceField } from './usage.contract';
import type { SpeechData } from './speech.contract';
import { voiceListEndpoint, type PageOf, type VoiceItem } from './library.contract';
import { defineEndpoint, defineUpload, envelopeOf } from './endpoint';

/*
 * Private voices (我的音色, spec 3 "Voice item", 7 "Voices"): a user uploads or records a voice
 * sample; a training task derives the voice and moves pthStatus to 4 (ready). Private
 * text-to-speech answers a task id at once; the task is polled every 5 s until code 200 or 201.
 */

/** pthStatus of a private voice. The spec fixes only 4 (ready); the others are ours. */
export const PthStatus = {
  /** Sample stored, training waits for its turn. */
  queued: 1,
  /** The training task is running. */
  training: 2,
  /** Training failed; `message` says why, 重新训练 (redo) runs it again. */
  failed: 3,
  /** Ready: listed in the editor's 音色 tab and usable for text-to-speech. */
  ready: 4,
} as const;

/** Voice samples: 10 s to 10 min of speech, at most 100 MB, in the page-audio formats. */
export const SAMPLE_MIN_MS = 10_000;
export const SAMPLE_MAX_MS = 600_000;
export const SAMPLE_MAX_BYTES = 100 * 1024 * 1024;
/** A voice name, as shown in the lists. */
export const VOICE_NAME_MAX = 20;
/** Private voices one user may keep. */
export const VOICE_LIMIT = 20;

export const timbreMessages = {
  consentRequired: '请先勾选“我确认拥有该声音的使用授权”',
  nameRequired: '请输入音色名称',
  nameTooLong: `音色名称不能超过${VOICE_NAME_MAX}个字`,
  sampleMissing: '请上传或录制声音样本',
  sampleTooLarge: '上传文件大于100M',
  sampleDuration: '声音样本时长需在10秒到10分钟之间',
  noVoiceFound: '声音样本中没有检测到清晰的人声，请换一段安静环境下的朗读',
  notSpeech: '声音样本听起来不是人在说话（音调没有起伏或听不出音节），请朗读一段文字后重新上传',
  tooMany: `最多可创建${VOICE_LIMIT}个音色，请先删除不用的音色`,
  notFound: '音色不存在',
  notReady: '音色尚未训练完成',
  taskNotFound: '任务不存在',
  pending: '语音合成中，请稍候',
  queued: '排队中',
  training: '训练中',
  deleted: '删除成功',
  created: '上传成功，开始训练',
  redo: '已重新开始训练',
} as const;

/** The synthesiser settings derived from a sample (the built-in engine: eSpeak NG). */
export interface DerivedVoiceParams {
  /** eSpeak variant chosen by the voice's sex ("m3" / "f3"). */
  variant: string;
  /** eSpeak pitch 0..100, fitted so the synthesised median pitch matches the sample's. */
  pitch: number;
  /** eSpeak intonation range 0..100 from the sample's pitch spread. */
  range: number;
  /** Speaking-rate multiplier from the sample's syllables per second. */
  rate: number;
}

/** A private voice as /myvoice lists it: the spec's voice item plus training state and sample facts. */
export interface PrivateVoiceItem extends VoiceItem {
  /** Training progress 0..1. */
  progress: number;
  /** Training state in words (the failure reason when pthStatus is 3). */
  message: string;
  /** URL of the stored sample (24 kHz mono WAV). */
  samplePath: string;
  /** Sample length in seconds. */
  sampleTime: number;
  /** Measured median pitch of the sample in Hz (0 until trained). */
  pitchHz: number;
  /** Measured speaking rate, syllables per second (0 until trained). */
  syllablesPerSecond: number;
  createdAt: number;
}

/** voice/list with isPublic 2 answers the caller's own voices in every training state (我的音色). */
export const myVoiceListEndpoint = defineEndpoint({
  ...voiceListEndpoint,
  response: envelopeOf<PageOf<PrivateVoiceItem>>(),
});

/**
 * POST /notice/v1/timbre/upTimb: multipart, file field `file` (the sample), fields name, sex
 * (1 male, 2 female), consent ('1' required). Stores the sample and queues its training; data is
 * the new voice (pthStatus 1).
 */
export const upTimbFields = z.object({
  name: z
    .string({ message: timbreMessages.nameRequired })
    .trim()
    .min(1, timbreMessages.nameRequired)
    .max(VOICE_NAME_MAX, timbreMessages.nameTooLong),
  sex: z.coerce.number<number>().int().min(1).max(2).default(2),
  consent: z.literal('1', { message: timbreMessages.consentRequired }),
});
export const upTimbEndpoint = defineUpload({
  method: 'POST',
  path: '/notice/v1/timbre/upTimb',
  fileField: 'file',
  fields: upTimbFields,
  response: envelopeOf<PrivateVoiceItem>(),
});

/** POST /notice/v1/timbre/redo {id}: trains one of the caller's voices again. */
/** POST /notice/v1/timbre/delete {id}: deletes one of the caller's voices and its files. */
export const voiceIdRequest = z.object({
  id: z.coerce.string<string>().min(1, timbreMessages.notFound).max(32),
});
export const redoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/notice/v1/timbre/redo',
  request: voiceIdRequest,
  response: envelopeOf<PrivateVoiceItem>(),
});
/** POST /notice/v1/timbre/delete {id, force?}: `force` deletes a voice projects still use. */
export const voiceDeleteRequest = voiceIdRequest.extend({ force: forceField });
export const deleteVoiceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/notice/v1/timbre/delete',
  request: voiceDeleteRequest,
  response: envelopeOf<null>(),
});

/**
 * POST /notice/v1/timbre/textToWav: private-voice text-to-speech (spec: id, text, language) ->
 * data.taskId at once; the speech is made by a background task.
 */
export const textToWavRequest = z.object({
  id: z.coerce.string<string>().min(1, timbreMessages.notFound).max(32),
  text: z.string().max(5000),
  language: z.string().max(16).default('中英混合'),
  projectId: z.coerce.number<number>().int().positive('项目不存在').optional(),
});
export const textToWavEndpoint = defineEndpoint({
  method: 'POST',
  path: '/notice/v1/timbre/textToWav',
  request: textToWavRequest,
  response: envelopeOf<TaskData>(),
});
export interface TaskData {
  taskId: string;
}

/**
 * POST /notice/v1/timbre/wavPath {taskId}: the task's state. Code 200 with data.soundPath and
 * soundTime when done; 201 with the reason when it failed; 202 (with progress) while pending.
 */
export const wavPathRequest = z.object({
  taskId: z.coerce.string<string>().min(1, timbreMessages.taskNotFound).max(32),
});
export const wavPathEndpoint = defineEndpoint({
  method: 'POST',
  path: '/notice/v1/timbre/wavPath',
  request: wavPathRequest,
  response: envelopeOf<SpeechData | TaskProgress>(),
});
/** data of a wavPath answer while the task is pending (code 202). */
export interface TaskProgress {
  progress: number;
}
/** Envelope code of a task that is still queued or running. */
export const TASK_PENDING = 202;
/** Polling interval of private-voice tasks (spec 4: every 5 seconds). */
export const TASK_POLL_MS = 5000;
