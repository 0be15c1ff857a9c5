import { AudioContext, AudioWorkletNode, type IAudioContext } from 'standardized-audio-context';
import { RECORDING_SAMPLE_RATE } from '../../workers/wav';
import type { CaptureBackend, CaptureSession } from './recorderBackends';
import { publicAsset } from '../config';

/** The capture worklet, a file of the app's own origin (public/worklets/pcm-capture.js says why). */
const WORKLET_URL = publicAsset('worklets/pcm-capture.js');

/** The mono 48 kHz microphone stream the spec asks for, with echo and noise suppression. */
async function openMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    const e = new Error('navigator.mediaDevices is unavailable');
    e.name = 'NotSupportedError';
    throw e;
  }
  return navigator.mediaDevices.getUserMedia({
    audio: {
      channelCount: 1,
      sampleRate: RECORDING_SAMPLE_RATE,
      echoCancellation: true,
      noiseSuppression: true,
    },
  });
}

/** Captures through an AudioWorklet (standardized-audio-context polyfills it where missing). */
async function workletGraph(
  ctx: IAudioContext,
  stream: MediaStream,
  onChunk: (pcm: Float32Array) => void,
): Promise<() => void> {
  if (!AudioWorkletNode || !ctx.audioWorklet) throw new Error('AudioWorklet unavailable');
  await ctx.audioWorklet.addModule(WORKLET_URL);
  const source = ctx.createMediaStreamSource(stream);
  const node = new AudioWorkletNode(ctx, 'pcm-capture', {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    channelCount: 1,
    channelCountMode: 'explicit',
  });
  node.port.onmessage = (e: MessageEvent<Float32Array>) => onChunk(e.data);
  source.connect(node);
  // Some engines only pull a node that reaches the destination; its output is silence.
  node.connect(ctx.destination);
  return () => {
    node.port.onmessage = null;
    source.disconnect();
    node.disconnect();
  };
}

/** Fallback where worklets cannot load (an engine without them): the native ScriptProcessor. */
function scriptProcessorGraph(
  ctx: globalThis.AudioContext,
  stream: MediaStream,
  onChunk: (pcm: Float32Array) => void,
): () => void {
  const source = ctx.createMediaStreamSource(stream);
  const node = ctx.createScriptProcessor(4096, 1, 1);
  node.onaudioprocess = (e) => onChunk(new Float32Array(e.inputBuffer.getChannelData(0)));
  source.connect(node);
  node.connect(ctx.destination);
  return () => {
    node.onaudioprocess = null;
    source.disconnect();
    node.disconnect();
  };
}

/** An audio context with a capture graph attached, as the session drives it. */
interface CaptureGraph {
  sampleRate: number;
  suspend(): Promise<void>;
  resume(): Promise<void>;
  /** Detaches the graph and closes the context. */
  close(): Promise<void>;
}

function captureGraph(
  ctx: Pick<globalThis.AudioContext, 'sampleRate' | 'suspend' | 'resume' | 'close'>,
  detach: () => void,
): CaptureGraph {
  return {
    sampleRate: ctx.sampleRate,
    suspend: () => ctx.suspend(),
    resume: () => ctx.resume(),
    close: async () => {
      detach();
      await ctx.close();
    },
  };
}

/** The browser microphone as a capture backend for the recorder. */
export const microphoneCapture: CaptureBackend = {
  async start(onChunk) {
    const stream = await openMicrophone();
    const stopTracks = () => stream.getTracks().forEach((t) => t.stop());
    let graph: CaptureGraph;
    try {
      const ctx = new AudioContext({ sampleRate: RECORDING_SAMPLE_RATE, latencyHint: 'interactive' });
      let detach: () => void;
      try {
        detach = await workletGraph(ctx, stream, onChunk);
      } catch {
        await ctx.close();
        throw new Error('worklet unavailable');
      }
      graph = captureGraph(ctx, detach);
    } catch {
      try {
        const ctx = new window.AudioContext({ sampleRate: RECORDING_SAMPLE_RATE });
        graph = captureGraph(ctx, scriptProcessorGraph(ctx, stream, onChunk));
      } catch (error) {
        stopTracks();
        throw error;
      }
    }
    const session: CaptureSession = {
      sampleRate: graph.sampleRate,
      pause: graph.suspend,
      resume: graph.resume,
      async stop() {
        stopTracks();
        await graph.close().catch(() => undefined);
      },
    };
    return session;
  },
};
