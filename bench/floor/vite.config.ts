// The floor's build: the same layout as Admit's (client with a manifest keyed `src/entry-client.tsx`, and
// server/entry-server.js), so `node ssr/main.ts` with DIST_DIR=bench/floor/dist serves it unchanged.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  // Its own cache, so the floor's build never touches Admit's.
  cacheDir: 'dist/.vite-cache',
  logLevel: 'warn',
  plugins: [react()],
  // bench/floor/build.ts sets it for the page floor's build.
  define: { __PAGE_FLOOR__: 'false' },
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    emptyOutDir: true,
    manifest: !isSsrBuild,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
    rollupOptions: isSsrBuild ? {} : { input: 'src/entry-client.tsx' },
  },
}));
