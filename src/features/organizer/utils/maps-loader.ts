/**
 * Spec §7: the maps script with the places library, loaded with up to 3 retries. The loader is
 * created with its script-loading function, so the retry rules are tested without a network.
 */

export interface LatLng {
  lat(): number;
  lng(): number;
}

export interface PlaceResult {
  name?: string;
  formatted_address?: string;
  address_components?: Array<{ long_name: string; short_name: string; types: string[] }>;
  geometry?: { location?: LatLng };
}

export interface PlacesAutocomplete {
  addListener(event: 'place_changed', handler: () => void): { remove(): void };
  getPlace(): PlaceResult;
}

/** The part of the places library the venue search uses. */
export interface PlacesLibrary {
  Autocomplete: new (input: HTMLInputElement, options?: { fields?: string[] }) => PlacesAutocomplete;
}

interface MapsGlobal {
  google?: { maps?: { importLibrary?: (name: string) => Promise<unknown> } };
}

export interface MapsLoaderOptions {
  /** Puts the script on the page; resolves when it has run. */
  loadScript?: (url: string) => Promise<void>;
  /** The places library, once the script is in. */
  importPlaces?: () => Promise<PlacesLibrary>;
  /** Retries after the first attempt fails. */
  retries?: number;
  /** The wait before the first retry; each further retry waits twice as long. */
  baseDelayMs?: number;
  wait?: (ms: number) => Promise<void>;
}

export const mapsRetries = 3;
const scriptTimeoutMs = 15_000;

export const mapsScriptUrl = (apiKey: string) =>
  `https://maps.googleapis.com/maps/api/js?${new URLSearchParams({ key: apiKey, libraries: 'places', loading: 'async', v: 'weekly' })}`;

const mapsGlobal = () => globalThis as unknown as MapsGlobal;

/** Adds the script element (with the page's CSP nonce); a script that is already in is not loaded twice. */
export function injectScript(url: string): Promise<void> {
  if (mapsGlobal().google?.maps?.importLibrary) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      clearTimeout(timer);
      script.remove();
      reject(new Error('The maps script could not be loaded.'));
    };
    const timer = setTimeout(fail, scriptTimeoutMs);
    script.src = url;
    script.async = true;
    const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    if (nonce) script.nonce = nonce;
    script.addEventListener('load', () => {
      clearTimeout(timer);
      resolve();
    });
    script.addEventListener('error', fail);
    document.head.append(script);
  });
}

async function importPlacesLibrary(): Promise<PlacesLibrary> {
  const importLibrary = mapsGlobal().google?.maps?.importLibrary;
  if (!importLibrary) throw new Error('The maps script loaded without its library loader.');
  return (await importLibrary('places')) as PlacesLibrary;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt`, and again after 1×, 2×, 4×… `baseDelayMs` while it fails, `retries` times at most. */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  { retries = mapsRetries, baseDelayMs = 500, wait = sleep }: Pick<MapsLoaderOptions, 'retries' | 'baseDelayMs' | 'wait'> = {},
): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (failures >= retries) throw error;
      await wait(baseDelayMs * 2 ** failures);
    }
  }
}

/**
 * A loader of the places library: one load per key shared by every caller, retried with
 * exponential back-off; after a final failure the next call starts afresh.
 */
export function createMapsLoader(options: MapsLoaderOptions = {}) {
  const { loadScript = injectScript, importPlaces = importPlacesLibrary } = options;
  const loads = new Map<string, Promise<PlacesLibrary>>();
  return function loadPlaces(apiKey: string): Promise<PlacesLibrary> {
    const current = loads.get(apiKey);
    if (current) return current;
    const load = withRetries(async () => {
      await loadScript(mapsScriptUrl(apiKey));
      return importPlaces();
    }, options).catch((error: unknown) => {
      loads.delete(apiKey);
      throw error;
    });
    loads.set(apiKey, load);
    return load;
  };
}

export const loadPlaces = createMapsLoader();
