import { afterEach, describe, expect, it } from 'vitest';
import { yieldToBrowser } from './yield-to-browser.ts';

const scope = globalThis as { scheduler?: unknown };

afterEach(() => {
  delete scope.scheduler;
});

describe('yielding to the browser', () => {
  it('resumes in a later task, after work already queued', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToBrowser();
    await new Promise((resume) => setTimeout(resume, 0));
    order.push('resumed');
    expect(order).toEqual(['queued task', 'resumed']);
  });

  it('uses the browser’s scheduler.yield where there is one', async () => {
    let yielded = 0;
    scope.scheduler = { yield: async () => void yielded++ };
    await yieldToBrowser();
    expect(yielded).toBe(1);
  });
});
