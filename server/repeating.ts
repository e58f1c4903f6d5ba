/** Background work on a timer (the simulator, the plan jobs): rounds never overlap, and a stop waits for the round in hand. */

export interface Repeating<T> {
  stop(): void;
  /** One round now (queued after the one running); the timer calls it, tests call it directly. */
  tick(): Promise<T>;
  /** Resolves when no round is running (a stopping server waits for it before closing the database). */
  idle(): Promise<void>;
}

export function startRepeating<T>(
  work: () => Promise<T>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): Repeating<T> {
  let queue: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A slow round delays the next instead of racing it.
  const tick = () => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };
  const schedule = () => {
    timer = setTimeout(async () => {
      try {
        await tick();
      } catch (error) {
        if (!stopped) options.onError(error);
      }
      if (!stopped) schedule();
    }, options.intervalMs);
    timer.unref?.();
  };
  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    tick,
    idle: () => queue.then(() => undefined),
  };
}
