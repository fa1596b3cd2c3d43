import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-next-paint.ts';

describe('afterNextPaint', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs the work asked for one frame after that frame, in order, with one animation-frame callback', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const ran: string[] = [];
    const done = new Promise<void>((resolve) => {
      afterNextPaint(() => ran.push('verdict measured'));
      afterNextPaint(() => {
        ran.push('field cleared');
        resolve();
      });
    });
    expect(frames).toHaveLength(1);
    expect(ran).toEqual([]);
    frames[0]?.(0);
    // Not in the frame itself: in a task after it.
    expect(ran).toEqual([]);
    await done;
    expect(ran).toEqual(['verdict measured', 'field cleared']);

    afterNextPaint(() => ran.push('next frame'));
    expect(frames).toHaveLength(2);
  });
});
