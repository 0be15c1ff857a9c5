import { expose, transfer } from 'comlink';
import { gifFramesApi, type GifFramesApi } from './gifFramesApi';

// The frames go back transferred: a 30-frame 200x200 GIF is about 4.8 MB of pixels.
const api: GifFramesApi = {
  async decode(bytes) {
    const gif = await gifFramesApi.decode(bytes);
    return transfer(
      gif,
      gif.frames.map((f) => f.bitmap),
    );
  },
};

expose(api);
