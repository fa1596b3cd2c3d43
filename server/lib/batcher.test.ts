import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

interface Item {
  key: string;
  value: number;
}

function recording(options: { maxBatch?: number; maxInFlight?: number; fail?: (items: Item[]) => boolean } = {}) {
  const batches: number[][] = [];
  let running = 0;
  let mostRunning = 0;
  const batcher = createBatcher<Item, number>({
    keys: (item) => [item.key],
    maxBatch: options.maxBatch ?? 10,
    maxInFlight: options.maxInFlight ?? 2,
    async run(items) {
      batches.push(items.map((item) => item.value));
      running += 1;
      mostRunning = Math.max(mostRunning, running);
      await new Promise((done) => setTimeout(done, 5));
      running -= 1;
      if (options.fail?.(items)) throw new Error('the batch failed');
      return items.map((item) => item.value * 10);
    },
  });
  return { batcher, batches, mostRunning: () => mostRunning };
}

describe('batcher', () => {
  it('sends what arrives together as one batch and answers each item with its own result', async () => {
    const { batcher, batches } = recording();
    const answers = await Promise.all([1, 2, 3].map((value) => batcher.submit({ key: `k${value}`, value })));
    expect(answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('keeps two items with one key in different batches, in arrival order', async () => {
    const { batcher, batches } = recording({ maxInFlight: 1 });
    const answers = await Promise.all([
      batcher.submit({ key: 'same', value: 1 }),
      batcher.submit({ key: 'other', value: 2 }),
      batcher.submit({ key: 'same', value: 3 }),
    ]);
    expect(answers).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('caps the batch size and the batches running at once; later arrivals form the next batch', async () => {
    const { batcher, batches, mostRunning } = recording({ maxBatch: 2, maxInFlight: 2 });
    const first = [1, 2, 3, 4, 5].map((value) => batcher.submit({ key: `k${value}`, value }));
    await Promise.all(first);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(mostRunning()).toBe(2);
  });

  it('rejects every item of a failed batch and goes on with the next', async () => {
    const { batcher } = recording({ maxInFlight: 1, fail: (items) => items.some((item) => item.value === 2) });
    const failed = [1, 2].map((value) => batcher.submit({ key: `k${value}`, value }));
    await expect(failed[0]).rejects.toThrow('the batch failed');
    await expect(failed[1]).rejects.toThrow('the batch failed');
    expect(await batcher.submit({ key: 'k3', value: 3 })).toBe(30);
  });
});
