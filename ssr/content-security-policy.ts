import { randomBytes } from 'node:crypto';

export const createNonce = () => randomBytes(16).toString('base64');

/** The CSP of server-rendered pages: scripts only from this origin or carrying this response's nonce. */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean; connectSources: string[] }): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Development injects Vite's inline preamble, so inline scripts are allowed there only.
    'script-src': options.dev ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...options.connectSources, ...(options.dev ? ['ws:', 'wss:'] : [])],
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
