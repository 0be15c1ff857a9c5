import { expose, transfer } from 'comlink';
import { waveformPeaksApi, type WaveformPeaksApi } from './waveformPeaksApi';

// The samples came in transferred; they go back the same way together with the peaks.
const api: WaveformPeaksApi = {
  peaks(pcm, buckets) {
    const r = waveformPeaksApi.peaks(pcm, buckets);
    return transfer(r, [r.min.buffer, r.max.buffer, r.pcm.buffer]);
  },
};

expose(api);
