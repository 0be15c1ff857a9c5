import { expose, transfer } from 'comlink';
import { wavEncoderApi, type WavEncoderApi } from './wavEncoderApi';

// The encoded bytes go back transferred, not copied: a 10-minute take is about 55 MB.
const api: WavEncoderApi = {
  encode(pcm, sampleRate) {
    const bytes = wavEncoderApi.encode(pcm, sampleRate);
    return transfer(bytes, [bytes.buffer]);
  },
};

expose(api);
