/**
 * Coalesces work that arrives together into batches: every request made in the same turn of the event loop
 * (and while the batches before it are running) goes to the database as one statement instead of one each.
 * Under load a round trip and a commit then serve many requests; alone, a request waits for nothing.
 *
 * - At most `maxInFlight` batches run at once; what arrives meanwhile forms the next batch.
 * - Items whose keys meet in one batch (the same ticket twice, say) go to different batches, in arrival order,
 *   so a batch statement never touches one row twice.
 * - A batch that fails rejects every item in it; `run` decides what to retry.
 */
export interface BatcherOptions<I, O> {
  run(items: I[]): Promise<O[]>;
  /** Keys that may appear only once in a batch. */
  keys(item: I): string[];
  maxBatch: number;
  maxInFlight: number;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

export interface Batcher<I, O> {
  submit(item: I): Promise<O>;
}

export function createBatcher<I, O>(options: BatcherOptions<I, O>): Batcher<I, O> {
  let queue: Pending<I, O>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || inFlight >= options.maxInFlight || queue.length === 0) return;
    scheduled = true;
    setImmediate(flush);
  };

  function take(): Pending<I, O>[] {
    const batch: Pending<I, O>[] = [];
    const rest: Pending<I, O>[] = [];
    const seen = new Set<string>();
    for (const pending of queue) {
      const keys = options.keys(pending.item);
      if (batch.length >= options.maxBatch || keys.some((key) => seen.has(key))) {
        rest.push(pending);
        // What stays keeps its keys: a later item must not overtake an earlier one on the same key.
        for (const key of keys) seen.add(key);
        continue;
      }
      for (const key of keys) seen.add(key);
      batch.push(pending);
    }
    queue = rest;
    return batch;
  }

  function flush(): void {
    scheduled = false;
    const batch = take();
    if (batch.length === 0) return;
    inFlight += 1;
    schedule();
    options
      .run(batch.map((pending) => pending.item))
      .then(
        (results) => {
          if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length}`);
          batch.forEach((pending, index) => {
            pending.resolve(results[index] as O);
          });
        },
        (error: unknown) => {
          for (const pending of batch) pending.reject(error);
        },
      )
      .catch((error: unknown) => {
        for (const pending of batch) pending.reject(error);
      })
      .finally(() => {
        inFlight -= 1;
        schedule();
      });
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
  };
}
