/**
 * Decides whether the door asks the server (online) or decides on the device (offline), from the
 * last requests: like pretixSCAN, but both ways and automatic. Pure: the clock and the browser's
 * own online flag are passed in.
 *
 * Offline when the browser says so, when 2 of the last 5 requests failed (a timeout is a failure),
 * or when their mean latency is above `slowMs`. Back online after `recoverAfter` requests in a row
 * answered within `slowMs`.
 */
export type ConnectionMode = 'online' | 'offline';

export interface ConnectionSample {
  ok: boolean;
  latencyMs: number;
}

export interface ConnectionMonitorOptions {
  window?: number;
  maxErrors?: number;
  slowMs?: number;
  recoverAfter?: number;
}

export interface ConnectionMonitor {
  mode(): ConnectionMode;
  /** Why it is in its mode, for the status line. */
  reason(): string;
  record(sample: ConnectionSample): void;
  setBrowserOnline(online: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createConnectionMonitor(browserOnline: boolean, options: ConnectionMonitorOptions = {}): ConnectionMonitor {
  const { window: size = 5, maxErrors = 2, slowMs = 1000, recoverAfter = 2 } = options;
  let samples: ConnectionSample[] = [];
  let online = browserOnline;
  let current: ConnectionMode = browserOnline ? 'online' : 'offline';
  let why = browserOnline ? 'Connected' : 'No connection';
  let goodRun = 0;
  const listeners = new Set<() => void>();

  function set(mode: ConnectionMode, reason: string) {
    const changed = mode !== current || reason !== why;
    current = mode;
    why = reason;
    if (changed) for (const listener of listeners) listener();
  }

  function evaluate() {
    if (!online) return set('offline', 'No connection');
    if (current === 'offline') {
      if (goodRun >= recoverAfter) {
        samples = samples.slice(-recoverAfter);
        set('online', 'Connected');
      } else if (samples.length === 0) {
        // The browser came back and nothing has been tried since: try the server.
        set('online', 'Connected');
      }
      return;
    }
    const errors = samples.filter((sample) => !sample.ok).length;
    const answered = samples.filter((sample) => sample.ok);
    const mean = answered.length ? answered.reduce((sum, sample) => sum + sample.latencyMs, 0) / answered.length : 0;
    if (errors >= maxErrors) set('offline', 'The server is not answering');
    else if (answered.length >= 3 && mean > slowMs) set('offline', 'The connection is slow');
    else set('online', 'Connected');
  }

  return {
    mode: () => current,
    reason: () => why,
    record(sample) {
      samples = [...samples, sample].slice(-size);
      goodRun = sample.ok && sample.latencyMs <= slowMs ? goodRun + 1 : 0;
      evaluate();
    },
    setBrowserOnline(value) {
      if (value && !online) {
        samples = [];
        goodRun = 0;
      }
      online = value;
      evaluate();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
