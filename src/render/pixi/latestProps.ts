/*
 * The props of the stage's Pixi tree, kept where the tree reads them rather than in the element
 * handed to @pixi/react. Its <Application> renders its children in a React root of its own, and the
 * first render waits for Pixi to initialise before it applies its children: those of the first
 * render, after any later ones. An element carrying the props would briefly bring back the first
 * scene (the presenter's still picture before its rig had loaded, a sticker at its old address),
 * dropping the textures in use and loading them again. The element that reads from here never
 * changes, so whichever render applies it, the tree shows the latest props.
 */
export class LatestProps<T> {
  private readonly listeners = new Set<() => void>();

  constructor(private value: T) {}

  /** What the tree renders now (a stable snapshot for useSyncExternalStore). */
  readonly get = (): T => this.value;

  /** Records the owner's props while it renders; `notify` tells the tree once they are committed. */
  set(value: T): void {
    this.value = value;
  }

  notify(): void {
    for (const listener of this.listeners) listener();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
