import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatEvery } from './repeat-every.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('repeatEvery', () => {
  it('runs at each interval, at once too when asked, and hands a failed run to onError without stopping', async () => {
    vi.useFakeTimers();
    const runs: number[] = [];
    const errors: unknown[] = [];
    const stop = repeatEvery(
      1000,
      async () => {
        runs.push(runs.length);
        if (runs.length === 2) throw new Error('second run failed');
      },
      (error) => errors.push(error),
      { atStart: true },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toHaveLength(3);
    expect(errors).toEqual([new Error('second run failed')]);
    await stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(3);
  });

  it('never runs twice at once, and its stop waits for the run under way', async () => {
    vi.useFakeTimers();
    let active = 0;
    let most = 0;
    let finished = 0;
    const stop = repeatEvery(
      100,
      async () => {
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 350));
        active -= 1;
        finished += 1;
      },
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(450);
    expect(most).toBe(1);
    const stopped = stop();
    await vi.advanceTimersByTimeAsync(2000);
    await stopped;
    expect(active).toBe(0);
    expect(most).toBe(1);
    expect(finished).toBeGreaterThanOrEqual(1);
  });
});
