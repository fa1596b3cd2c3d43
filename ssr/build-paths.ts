import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Where the build lives. Kept apart from the web app's module, so `npm start` can ask whether there is a build
// before it loads the server.

/** The build to serve: ./dist, or DIST_DIR (a release directory, so a new build can be put beside the running one). */
export const distDir = resolve(process.env.DIST_DIR ?? join(import.meta.dirname, '..', 'dist'));
export const clientDir = join(distDir, 'client');
export const serverEntry = join(distDir, 'server', 'entry-server.js');

export function hasBuild(): boolean {
  return existsSync(serverEntry) && existsSync(join(clientDir, '.vite', 'manifest.json'));
}
