// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { importWhenOnline } from './import-when-online.ts';

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
