// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isChunkLoadError, reloadProtectionMs } from './chunk-reload.ts';

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
