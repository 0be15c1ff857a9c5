/** The stage as plain data: what is shown where (scene model), what a pointer is on, how a drag moves it. */
export * from './stageScene';
export * from './hitTest';
export * from './gesture';
export * from './fitBox';
export * from './presenterMotion';
