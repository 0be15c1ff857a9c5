import type { ApiClient, CallOptions } from './client';
import type { Envelope } from './envelope';
import type { RequestOf } from './endpoint';
import type { SpeechData } from './speech.contract';
import {
  deleteVoiceEndpoint,
  myVoiceListEndpoint,
  redoEndpoint,
  textToWavEndpoint,
  upTimbEndpoint,
  wavPathEndpoint,
} from './timbre.contract';

/** Binds the private-voice calls of spec section 7 "Voices" (我的音色, private text-to-speech) to one client. */
export function createTimbreApi(client: ApiClient) {
  return {
    /** The caller's voices in every training state (isPublic 2), oldest first. */
    listMine: (pageIndex: number, pageSize: number, o?: CallOptions) =>
      client.call(myVoiceListEndpoint, { pageIndex, pageSize, isPublic: 2 }, o),
    /** upTimb: a voice sample with name, sex and the consent; data is the new voice (queued). */
    createVoice: (
      sample: Blob,
      fileName: string,
      form: { name: string; sex: 1 | 2; consent: boolean },
      onProgress?: (percent: number) => void,
    ) =>
      client.upload(
        upTimbEndpoint,
        { name: form.name, sex: String(form.sex), consent: form.consent ? '1' : '0' },
        [{ field: upTimbEndpoint.fileField, file: sample, name: fileName }],
        { onUploadProgress: onProgress },
      ),
    redoVoice: (id: string, o?: CallOptions) => client.call(redoEndpoint, { id }, o),
    /** `force`: delete a voice projects use (else 409 names them). */
    deleteVoice: (id: string, force: boolean, o?: CallOptions) =>
      client.call(deleteVoiceEndpoint, { id, force }, o),
    /** textToWav: private-voice text-to-speech; data.taskId is polled with wavPath. */
    textToWav: (body: Omit<RequestOf<typeof textToWavEndpoint>, 'language'>, o?: CallOptions) =>
      client.call(textToWavEndpoint, { ...body, language: '中英混合' }, o),
    /**
     * wavPath: code 200 done, 201 failed, anything else still pending. Only code 200 resolves (the
     * client's strict mode), and its data is the speech; pending answers carry progress instead.
     */
    wavPath: (taskId: string, o?: CallOptions) =>
      client.call(wavPathEndpoint, { taskId }, o) as Promise<Envelope<SpeechData>>,
  };
}

/** The private-voice calls. */
export type TimbreApi = ReturnType<typeof createTimbreApi>;
