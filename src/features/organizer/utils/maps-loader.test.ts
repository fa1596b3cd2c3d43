import { describe, expect, it, vi } from 'vitest';
import { createMapsLoader, mapsScriptUrl, type PlacesLibrary } from './maps-loader.ts';

const places = { Autocomplete: class {} } as unknown as PlacesLibrary;

function setup(failuresBeforeSuccess: number) {
  const waits: number[] = [];
  let calls = 0;
  const loadScript = vi.fn(async (_url: string) => {
    calls += 1;
    if (calls <= failuresBeforeSuccess) throw new Error(`load ${calls} failed`);
  });
  const loader = createMapsLoader({
    loadScript,
    importPlaces: async () => places,
    baseDelayMs: 100,
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  return { loader, loadScript, waits };
}

describe('the maps script loader', () => {
  it('loads the script with the key and the places library once', async () => {
    const { loader, loadScript, waits } = setup(0);
    await expect(loader('key-1')).resolves.toBe(places);
    expect(loadScript).toHaveBeenCalledTimes(1);
    const url = new URL(loadScript.mock.calls[0]?.[0] ?? '');
    expect(url.origin).toBe('https://maps.googleapis.com');
    expect(url.searchParams.get('key')).toBe('key-1');
    expect(url.searchParams.get('libraries')).toBe('places');
    expect(waits).toEqual([]);
  });

  it('retries with exponential back-off until the script loads', async () => {
    const { loader, loadScript, waits } = setup(2);
    await expect(loader('key')).resolves.toBe(places);
    expect(loadScript).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([100, 200]);
  });

  it('gives up after 3 retries (4 attempts) with the last error', async () => {
    const { loader, loadScript, waits } = setup(10);
    await expect(loader('key')).rejects.toThrow('load 4 failed');
    expect(loadScript).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([100, 200, 400]);
  });

  it('succeeds on the last retry', async () => {
    const { loader, loadScript } = setup(3);
    await expect(loader('key')).resolves.toBe(places);
    expect(loadScript).toHaveBeenCalledTimes(4);
  });

  it('shares one load between callers and starts afresh after a final failure', async () => {
    const { loader, loadScript } = setup(4);
    const first = loader('key');
    expect(loader('key')).toBe(first);
    await expect(first).rejects.toThrow();
    expect(loadScript).toHaveBeenCalledTimes(4);
    await expect(loader('key')).resolves.toBe(places);
    expect(loadScript).toHaveBeenCalledTimes(5);
  });

  it('retries when the library itself fails to load', async () => {
    let imports = 0;
    const loader = createMapsLoader({
      loadScript: async () => {},
      importPlaces: async () => {
        imports += 1;
        if (imports === 1) throw new Error('places failed');
        return places;
      },
      wait: async () => {},
    });
    await expect(loader('key')).resolves.toBe(places);
    expect(imports).toBe(2);
  });

  it('builds the script address from the key, escaped', () => {
    expect(mapsScriptUrl('a&b')).toContain('key=a%26b');
  });
});
