import { describe, expect, it, vi } from 'vitest';
import { holdUpdates, onUpdateGate, updatesHeld } from './update-gate.ts';

describe('the update gate', () => {
  it('is held while any holder holds it, and says so when it closes and when the last holder lets go', () => {
    const changes = vi.fn();
    const stop = onUpdateGate(changes);
    const scanning = holdUpdates();
    const queue = holdUpdates();
    expect(updatesHeld()).toBe(true);
    expect(changes.mock.calls).toEqual([[true]]);
    scanning();
    expect(updatesHeld()).toBe(true);
    queue();
    expect(updatesHeld()).toBe(false);
    expect(changes.mock.calls).toEqual([[true], [false]]);
    // Releasing twice changes nothing.
    queue();
    expect(changes).toHaveBeenCalledTimes(2);
    stop();
  });
});
