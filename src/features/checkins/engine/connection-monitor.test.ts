import { describe, expect, it } from 'vitest';
import { createConnectionMonitor } from './connection-monitor.ts';

const ok = (latencyMs = 80) => ({ ok: true, latencyMs });
const failed = { ok: false, latencyMs: 1500 };

describe('the automatic online/offline switch', () => {
  it('starts in the mode the browser reports', () => {
    expect(createConnectionMonitor(true).mode()).toBe('online');
    expect(createConnectionMonitor(false).mode()).toBe('offline');
  });

  it('goes offline after 2 failures among the last 5 requests, not after one', () => {
    const monitor = createConnectionMonitor(true);
    monitor.record(failed);
    monitor.record(ok());
    expect(monitor.mode()).toBe('online');
    monitor.record(failed);
    expect(monitor.mode()).toBe('offline');
    expect(monitor.reason()).toBe('The server is not answering');
  });

  it('goes offline when answers are slow on average', () => {
    const monitor = createConnectionMonitor(true);
    for (const latency of [900, 1400, 1300]) monitor.record(ok(latency));
    expect(monitor.mode()).toBe('offline');
    expect(monitor.reason()).toBe('The connection is slow');
  });

  it('comes back online after two quick answers in a row', () => {
    const monitor = createConnectionMonitor(true);
    monitor.record(failed);
    monitor.record(failed);
    monitor.record(ok());
    expect(monitor.mode()).toBe('offline');
    monitor.record(ok());
    expect(monitor.mode()).toBe('online');
    // An old failure still in the window does not flip it straight back.
    monitor.record(failed);
    expect(monitor.mode()).toBe('online');
  });

  it('follows the browser losing and regaining the network, and tells listeners', () => {
    const monitor = createConnectionMonitor(true);
    const seen: string[] = [];
    monitor.subscribe(() => seen.push(monitor.mode()));
    monitor.setBrowserOnline(false);
    monitor.record(ok());
    expect(monitor.mode()).toBe('offline');
    monitor.setBrowserOnline(true);
    expect(monitor.mode()).toBe('online');
    expect(seen).toEqual(['offline', 'online']);
  });
});
