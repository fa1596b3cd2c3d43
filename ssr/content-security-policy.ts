import { randomBytes } from 'node:crypto';

export const createNonce = () => randomBytes(16).toString('base64');

/**
 * Google's hosts for the maps script with the places library: the script loads further scripts,
 * fonts and data from them. Listed only when a maps key is configured.
 */
const mapsScriptHosts = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
const mapsConnectHosts = ['https://maps.googleapis.com', 'https://places.googleapis.com', 'https://maps.gstatic.com'];
const mapsFontHosts = ['https://fonts.gstatic.com'];

export interface CspOptions {
  dev: boolean;
  /** Origins the browser calls itself besides this one (object storage, identity pool). */
  connectSources: string[];
  /** A maps key is configured: allow Google's maps hosts. */
  maps: boolean;
}

/**
 * The CSP of server-rendered pages: scripts only from this origin, or inline ones carrying this response's
 * nonce — or, for a page a shared cache may hand to many visitors, whose hash is listed (decision 051).
 */
export function contentSecurityPolicy(scripts: string | { hashes: string[] }, options: CspOptions): string {
  const maps = (hosts: string[]) => (options.maps ? hosts : []);
  const inline = typeof scripts === 'string' ? [`'nonce-${scripts}'`] : scripts.hashes.map((hash) => `'sha256-${hash}'`);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Development injects Vite's inline preamble, so inline scripts are allowed there only.
    'script-src': [...(options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", ...inline]), ...maps(mapsScriptHosts)],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', ...maps(mapsFontHosts)],
    'connect-src': ["'self'", ...options.connectSources, ...maps(mapsConnectHosts), ...(options.dev ? ['ws:', 'wss:'] : [])],
    // blob: for the image-compression worker, which is built from a blob and loads its script from this origin.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
