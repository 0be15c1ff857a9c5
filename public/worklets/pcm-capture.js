// The recorder's AudioWorklet (src/app/state/recorderCapture.ts). It gathers the 128-frame render
// quanta into chunks of 2048 frames (about 43 ms at 48 kHz), so the main thread gets a message
// every ~43 ms instead of every 2.7 ms; each chunk's buffer is transferred, not copied. A file of
// the app's own origin: the Content-Security-Policy (script-src 'self') refuses a worklet from a
// blob: address, which left recording on the deprecated ScriptProcessorNode.
const CHUNK_FRAMES = 2048;

class PcmCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.buf = new Float32Array(CHUNK_FRAMES);
    this.at = 0;
  }

  process(inputs) {
    const input = inputs[0] && inputs[0][0];
    if (input) {
      let i = 0;
      while (i < input.length) {
        const n = Math.min(input.length - i, this.buf.length - this.at);
        this.buf.set(input.subarray(i, i + n), this.at);
        this.at += n;
        i += n;
        if (this.at === this.buf.length) {
          this.port.postMessage(this.buf, [this.buf.buffer]);
          this.buf = new Float32Array(CHUNK_FRAMES);
          this.at = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCapture);
