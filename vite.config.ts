import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { markdownPlugin } from './build/markdown-plugin.ts';
import { webManifestPlugin } from './build/web-manifest-plugin.ts';

const frameworkModule = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;
const rarelyUsedQueryModule =
  /[\\/](queriesObserver|useQueries|infiniteQuery\w*|useInfinite\w*|useSuspenseQueries|usePrefetch\w*|useIsFetching|useMutationState|mutationObserver|useMutation)\.js$/;

const buildId = process.env.ADMIT_BUILD_ID ?? new Date().toISOString();

export default defineConfig(({ isSsrBuild }) => ({
  define: { __ADMIT_BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    react(),
    tailwindcss(),
    markdownPlugin(),
    webManifestPlugin('manifest.webmanifest'),
    VitePWA({
      disable: Boolean(isSsrBuild),
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,svg,png,webmanifest,woff2}'],
        globIgnores: ['**/node_modules/**', 'sw.js', 'workbox-*.js'],
        // The offline page is rendered by the server; the worker fetches it at install.
        additionalManifestEntries: [{ url: '/offline', revision: buildId }],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    manifest: !isSsrBuild,
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'es2022',
    rollupOptions: isSsrBuild
      ? {}
      : {
          input: 'src/entry-client.tsx',
          output: {
            // The framework every page needs in one chunk: one compression stream instead of a dozen small
            // chunks (3 KB less gzip on /). Query pieces only some pages use stay in their own chunks.
            codeSplitting: {
              groups: [{ name: 'framework', test: (id: string) => frameworkModule.test(id) && !rarelyUsedQueryModule.test(id) }],
            },
          },
        },
  },
  ssr: { noExternal: isSsrBuild ? ['react-toastify'] : [] },
}));
