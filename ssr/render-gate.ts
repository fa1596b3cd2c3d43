export interface RenderGateSettings {
  /** Pages rendered at the same time; more only share the same CPU and each takes longer. */
  atOnce: number;
  /** Pages that may wait for a free place; one more is refused at once. */
  queue: number;
  /** A page that waited this long without starting is refused: it could no longer be served in time. */
  waitMs: number;
}

/** Ends a render's hold on its place; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  admit(release: Release): void;
  refuse(): void;
}

/**
 * Bounds the pages rendered at once. A burst larger than the process can serve in time is refused at the
 * door (the caller answers 503), instead of every request sharing the CPU until all are late and the
 * memory of a thousand renders is held at once.
 */
export function createRenderGate(settings: RenderGateSettings) {
  let active = 0;
  const waiting: Waiter[] = [];

  const releaser = (): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next.admit(releaser());
      else active -= 1;
    };
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
    /** A place to render now or after a short wait, or undefined when the page must be refused. `gone` drops a wait. */
    enter(gone?: AbortSignal): Promise<Release | undefined> {
      if (active < settings.atOnce) {
        active += 1;
        return Promise.resolve(releaser());
      }
      if (waiting.length >= settings.queue || gone?.aborted) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const leave = () => {
          clearTimeout(timer);
          gone?.removeEventListener('abort', waiter.refuse);
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
        };
        const waiter: Waiter = {
          admit: (release) => {
            leave();
            resolve(release);
          },
          refuse: () => {
            leave();
            resolve(undefined);
          },
        };
        const timer = setTimeout(waiter.refuse, settings.waitMs);
        gone?.addEventListener('abort', waiter.refuse, { once: true });
        waiting.push(waiter);
      });
    },
  };
}

export type RenderGate = ReturnType<typeof createRenderGate>;
