import { describe, expect, it } from 'vitest';
import type { OfflineApp, OfflineStatus } from '#lib/offline-app.ts';
import { describeDoorReadiness, type ReadinessCheck } from './door-readiness.ts';

const complete: OfflineStatus = { total: 61, cached: 61, shell: true };
const worker = (change: Partial<OfflineApp & { support: 'worker' }> = {}): OfflineApp => ({
  support: 'worker',
  controlled: true,
  worker: 'activated',
  status: complete,
  ...change,
});
const checks = (input: Parameters<typeof describeDoorReadiness>[0]): ReadinessCheck[] => {
  const readiness = describeDoorReadiness(input);
  if (readiness.ready) throw new Error(`Claimed offline readiness: ${readiness.sentence}`);
  return readiness.checks;
};
const check = (input: Parameters<typeof describeDoorReadiness>[0], id: ReadinessCheck['id']) =>
  checks(input).find((entry) => entry.id === id);

describe('what the door says about working without a connection', () => {
  it('claims it only with the tickets stored and a controlling worker that holds the shell and every file', () => {
    expect(describeDoorReadiness({ tickets: 3, app: worker() })).toEqual({
      ready: true,
      sentence: '3 tickets on this device — it can check tickets without a connection.',
    });
    expect(describeDoorReadiness({ tickets: 1, app: worker() })).toMatchObject({
      sentence: '1 ticket on this device — it can check tickets without a connection.',
    });
  });

  it('does not claim it while the tickets are not stored, even with the app ready', () => {
    expect(check({ tickets: null, app: worker() }, 'tickets')).toMatchObject({
      state: 'waiting',
      label: 'Tickets not on this device yet',
    });
  });

  it('counts the files saved so far while the worker installs, and is not ready until the last one is stored', () => {
    const installing = worker({ controlled: false, worker: 'installing', status: { total: 61, cached: 34, shell: true } });
    expect(check({ tickets: 3, app: installing }, 'tickets')).toMatchObject({ state: 'done', label: '3 tickets on this device' });
    expect(check({ tickets: 3, app: installing }, 'app')).toEqual({
      id: 'app',
      state: 'waiting',
      label: 'App saved for offline use: 34 of 61 files',
      progress: { done: 34, total: 61 },
    });
    const lastMissing = worker({ status: { total: 61, cached: 60, shell: true } });
    expect(describeDoorReadiness({ tickets: 3, app: lastMissing }).ready).toBe(false);
  });

  it('is not ready when every other file is stored but the shell is not', () => {
    const noShell = worker({ status: { total: 61, cached: 61, shell: false } });
    expect(check({ tickets: 3, app: noShell }, 'app')).toMatchObject({ state: 'waiting' });
  });

  it('is not ready before the worker answers, nor when it reports no files at all', () => {
    expect(check({ tickets: 3, app: worker({ status: null }) }, 'app')).toMatchObject({
      state: 'waiting',
      label: 'Saving the app for offline use…',
    });
    expect(check({ tickets: 3, app: worker({ status: { total: 0, cached: 0, shell: false } }) }, 'app')).toMatchObject({
      state: 'waiting',
    });
    expect(check({ tickets: 3, app: null }, 'app')).toMatchObject({ state: 'waiting' });
  });

  it('waits for the saved app to take control of the page, and asks for one reload once the worker is active', () => {
    const activating = worker({ controlled: false, worker: 'activating' });
    expect(check({ tickets: 3, app: activating }, 'app')).toMatchObject({
      state: 'done',
      label: 'App saved for offline use: 61 files',
    });
    expect(check({ tickets: 3, app: activating }, 'control')).toEqual({
      id: 'control',
      state: 'waiting',
      label: 'Waiting for the app to take control of this page',
    });
    expect(check({ tickets: 3, app: worker({ controlled: false }) }, 'control')).toEqual({
      id: 'control',
      state: 'waiting',
      label: 'Waiting for the app to take control of this page — reload once',
      reload: true,
    });
  });

  it("says the browser can't work offline without service workers or in a development build, and still lets it scan online", () => {
    for (const app of [{ support: 'unsupported' }, { support: 'development' }] as const) {
      const readiness = describeDoorReadiness({ tickets: 3, app });
      expect(readiness.ready).toBe(false);
      expect(readiness.sentence).toBe('Scanning works while this device is connected.');
      expect(checks({ tickets: 3, app }).map((entry) => entry.id)).toEqual(['tickets', 'app']);
      expect(check({ tickets: 3, app }, 'app')).toMatchObject({ state: 'unavailable', label: 'This browser can’t work offline' });
    }
  });

  it('offers a reload when the worker failed to install', () => {
    expect(check({ tickets: 3, app: worker({ controlled: false, worker: 'redundant', status: null }) }, 'app')).toMatchObject({
      state: 'unavailable',
      reload: true,
    });
  });
});
