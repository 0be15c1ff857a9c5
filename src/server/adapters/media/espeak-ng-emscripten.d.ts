// The package ships no type declarations; tts.espeak.worker.ts describes the part it uses.
declare module '@echogarden/espeak-ng-emscripten' {
  const initEspeak: (moduleArg?: object) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  export default initEspeak;
}
