import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createRenderGate } from './render-gate.ts';

describe('the bound on pages rendered at once', () => {
  it('lets as many pages render as it allows, queues the next ones and refuses one more at once', async () => {
    const gate = createRenderGate({ atOnce: 2, queue: 1, waitMs: 1000 });
    const first = await gate.enter();
    const second = await gate.enter();
    const queued = gate.enter();
    const refused = await gate.enter();
    expect([first, second].every(Boolean)).toBe(true);
    expect(refused).toBeUndefined();
    expect(gate.waiting).toBe(1);
    first?.();
    const third = await queued;
    expect(third).toBeTypeOf('function');
    expect(gate.active).toBe(2);
    second?.();
    third?.();
    expect(gate.active).toBe(0);
  });

  it('refuses a page that waited too long to start, and frees its place in the queue', async () => {
    const gate = createRenderGate({ atOnce: 1, queue: 1, waitMs: 30 });
    const first = await gate.enter();
    const started = Date.now();
    expect(await gate.enter()).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(gate.waiting).toBe(0);
    first?.();
    expect(gate.active).toBe(0);
  });

  it('drops the wait of a visitor who left, and a place released twice is given back once', async () => {
    const gate = createRenderGate({ atOnce: 1, queue: 2, waitMs: 1000 });
    const first = await gate.enter();
    const left = new AbortController();
    const waiting = gate.enter(left.signal);
    left.abort();
    expect(await waiting).toBeUndefined();
    expect(gate.waiting).toBe(0);
    first?.();
    first?.();
    expect(gate.active).toBe(0);
    const again = [await gate.enter(), await Promise.race([gate.enter(), sleep(20).then(() => 'waiting')])];
    expect(again[1]).toBe('waiting');
  });
});
