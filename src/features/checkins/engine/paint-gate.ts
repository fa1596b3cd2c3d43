/** The longest work waits for the screen to report a verdict painted (a hidden tab paints nothing). */
const paintWaitMs = 100;

/** Holds work back until the frame that shows a verdict is painted, so it never delays that frame. */
export class PaintGate {
  private readonly waiters = new Map<number, () => void>();

  /** The screen reports the frame that shows verdict `seq` painted: the work kept back for it may run. */
  painted(seq: number): void {
    for (const [waiting, resolve] of this.waiters) if (waiting <= seq) resolve();
  }

  /** Resolves once verdict `seq` is painted; at once when no screen shows verdicts, after a short wait at most. */
  after(seq: number, screenShown: boolean): Promise<void> {
    if (!screenShown || typeof window === 'undefined') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        window.clearTimeout(timer);
        this.waiters.delete(seq);
        resolve();
      };
      const timer = window.setTimeout(done, paintWaitMs);
      this.waiters.set(seq, done);
    });
  }
}
