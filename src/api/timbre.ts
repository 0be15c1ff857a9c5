import type { ApiClient, CallOptions } from './client';
import type { Envelope } from './envelope';
import { voiceListEndpoint, type PageOf } from './library.contract';
import type { SpeechData } from './speech.contract';
import {
  deleteVoiceEndpoint,
  redoEndpoint,
  textToWavEndpoint,
  upTimbEndpoint,
  wavPathEndpoint,
  type PrivateVoiceItem,
  type TaskData,
} from './timbre.contract';

type Call<T> = Promise<Envelope<T>>;

/** The private-voice calls of spec section 7 "Voices" (我的音色 and private text-to-speech). */
export interface TimbreApi {
  /** The caller's voices in every training state (isPublic 2), oldest first. */
  listMine(pageIndex: number, pageSize: number, o?: CallOptions): Call<PageOf<PrivateVoiceItem>>;
  /** upTimb: a voice sample with name, sex and the consent; data is the new voice (queued). */
  createVoice(
    sample: Blob,
    fileName: string,
    form: { name: string; sex: 1 | 2; consent: boolean },
    onProgress?: (percent: number) => void,
  ): Call<PrivateVoiceItem>;
  redoVoice(id: string, o?: CallOptions): Call<PrivateVoiceItem>;
  /** `force`: delete a voice projects use (else 409 names them). */
  deleteVoice(id: string, force: boolean, o?: CallOptions): Call<null>;
  /** textToWav: private-voice text-to-speech; data.taskId is polled with {@link TimbreApi.wavPath}. */
  textToWav(body: { id: string; text: string; projectId?: number }, o?: CallOptions): Call<TaskData>;
  /** wavPath: code 200 done (data is the speech), 201 failed, anything else still pending. */
  wavPath(taskId: string, o?: CallOptions): Call<SpeechData>;
}

/** Binds the private-voice calls to one client. */
export function createTimbreApi(client: ApiClient): TimbreApi {
  return {
    listMine: (pageIndex, pageSize, o) =>
      client.post(voiceListEndpoint.path, { pageIndex, pageSize, isPublic: 2 }, o),
    createVoice: (sample, fileName, form, onProgress) => {
      // Fields before the file: the server reads them when the file part starts.
      const data = new FormData();
      data.append('name', form.name);
      data.append('sex', String(form.sex));
      data.append('consent', form.consent ? '1' : '0');
      data.append(upTimbEndpoint.fileField, sample, fileName);
      return client.upload(upTimbEndpoint.path, data, { onUploadProgress: onProgress });
    },
    redoVoice: (id, o) => client.post(redoEndpoint.path, { id }, o),
    deleteVoice: (id, force, o) => client.post(deleteVoiceEndpoint.path, { id, force }, o),
    textToWav: (body, o) => client.post(textToWavEndpoint.path, { ...body, language: '中英混合' }, o),
    wavPath: (taskId, o) => client.post(wavPathEndpoint.path, { taskId }, o),
  };
}
