/*
 * Draw on demand. A Pixi Application redraws every tick by default; on a software renderer that
 * is most of a core spent redrawing a picture that did not change. The stage's ticker is never
 * started: a frame is drawn when something asks for it (a gesture step, a new texture, a layout)
 * or while an animator runs (a GIF, a playing video, the talking presenter), and the loop stops
 * as soon as nothing animates. Idle, the stage draws nothing.
 */

/** Called each animation frame with its time; returns true when it changed something to draw. */
export type Animator = (now: number) => boolean;

export class DrawLoop {
  /** Frames drawn since the loop was made (the bench reads it to prove idle means zero). */
  framesDrawn = 0;
  private readonly animators = new Set<Animator>();
  private pending = false;
  private raf = 0;
  private stopped = false;

  constructor(private readonly draw: () => void) {}

  /** Draws once at the next animation frame. */
  invalidate(): void {
    this.pending = true;
    this.schedule();
  }

  /** Runs `fn` every frame until the returned function is called. */
  animate(fn: Animator): () => void {
    this.animators.add(fn);
    this.schedule();
    return () => {
      this.animators.delete(fn);
    };
  }

  /** True while something animates. */
  get animating(): boolean {
    return this.animators.size > 0;
  }

  /** Stops for good (the stage unmounted). */
  stop(): void {
    this.stopped = true;
    cancelAnimationFrame(this.raf);
    this.animators.clear();
  }

  private schedule(): void {
    if (!this.raf && !this.stopped) this.raf = requestAnimationFrame(this.frame);
  }

  private readonly frame = (now: number) => {
    this.raf = 0;
    let dirty = this.pending;
    this.pending = false;
    for (const fn of this.animators) dirty = fn(now) || dirty;
    if (dirty && !this.stopped) {
      this.draw();
      this.framesDrawn++;
    }
    if (this.animators.size > 0) this.schedule();
  };
}
