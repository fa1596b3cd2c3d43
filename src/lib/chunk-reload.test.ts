// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { importWhenOnline, isChunkLoadError, reloadProtectionMs } from './chunk-reload.ts';

describe('page-code load failures', () => {
  it('recognises the messages browsers give for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('protects against reload loops for the spec’s 10000 ms', () => {
    expect(reloadProtectionMs).toBe(10_000);
  });
});

describe('background code, fetched when the connection allows', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const offlineFailure = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://x/a.js'));

  it('is used once fetched', async () => {
    const used: string[] = [];
    importWhenOnline(
      async () => 'sync',
      (module) => used.push(module),
    );
    await settle();
    expect(used).toEqual(['sync']);
  });

  it('is fetched again when the browser is back online after a failure, and only then', async () => {
    let attempts = 0;
    const used: string[] = [];
    importWhenOnline(
      () => (++attempts === 1 ? offlineFailure() : Promise.resolve('sync')),
      (module) => used.push(module),
    );
    await settle();
    expect(attempts).toBe(1);
    expect(used).toEqual([]);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(attempts).toBe(2);
    expect(used).toEqual(['sync']);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(attempts).toBe(2);
  });

  it('is neither fetched again nor used once stopped', async () => {
    let attempts = 0;
    const used: string[] = [];
    const stop = importWhenOnline(
      () => (++attempts === 1 ? offlineFailure() : Promise.resolve('sync')),
      (module) => used.push(module),
    );
    await settle();
    stop();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(attempts).toBe(1);
    expect(used).toEqual([]);
  });
});
