import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { markdownPlugin } from './build/markdown-plugin.ts';
import { pageStylesheets } from './build/page-stylesheets.ts';
import { webManifestPlugin } from './build/web-manifest-plugin.ts';

const frameworkModule = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;
const rarelyUsedQueryModule =
  /[\\/](queriesObserver|useQueries|infiniteQuery\w*|useInfinite\w*|useSuspenseQueries|usePrefetch\w*|useIsFetching|useMutationState|mutationObserver|useMutation)\.js$/;

// The public pages load a handful of chunks instead of two dozen small ones: on a slow phone every request
// costs a round trip before the page can run. Each group holds only the files listed, not their imports.
const fileIn = (paths: string[]) => (id: string) => paths.some((path) => id.replaceAll('\\', '/').includes(path));
/**
 * What the home page needs beside the entry and the framework (head tags, buttons and search, event listing and cards,
 * the guard for leaving Admit); the event page too. With them, the small parts every page's start imports (the
 * session's context and cookies, signing out from the header's menu, the toasts' loader) and those most form pages
 * use (the id check, whether the page is hydrated): each was a request of its own, or brought the event page's chunk,
 * before the page could run, for a few hundred bytes.
 */
const browsingModule = fileIn([
  'vite/preload-helper',
  'node_modules/js-cookie/',
  'node_modules/jwt-decode/',
  '/src/lib/session/session-context.tsx',
  '/src/lib/session/cookies.ts',
  '/src/lib/session/acting.ts',
  '/src/lib/session/forget-user.ts',
  '/src/lib/session/pages-cache.ts',
  '/src/lib/session/sign-out.ts',
  '/src/lib/session/sign-out-steps.ts',
  '/src/features/account/components/sign-out-button.tsx',
  '/src/components/submit-button.tsx',
  '/src/lib/toasts.tsx',
  'react-toastify/dist/ReactToastify.css',
  '/src/lib/import-when-online.ts',
  '/src/app/page-meta.tsx',
  '/src/app/errors/not-found.tsx',
  '/src/components/button.ts',
  '/src/components/search-input.tsx',
  '/src/components/fields/control-class.ts',
  '/src/components/fields/compact-control.ts',
  '/src/components/fields/form-alert.tsx',
  '/src/lib/offline-message.ts',
  '/src/lib/public-config.tsx',
  '/src/lib/boot-state.ts',
  '/src/lib/api-caller.tsx',
  '/src/lib/api-failure.ts',
  '/src/lib/external-navigation.ts',
  '/src/lib/hydration.ts',
  '/src/lib/use-hydrated.ts',
  '/src/contract/ids.ts',
  '/src/lib/query-keys/events.ts',
  '/src/contract/money.ts',
  '/src/contract/count-text.ts',
  '/src/contract/event-categories.ts',
  '/src/contract/event-place.ts',
  '/src/features/events/api/get-events.ts',
  '/src/features/events/components/category-list.tsx',
  '/src/features/events/components/event-grid.tsx',
  '/src/features/events/components/event-card.tsx',
  '/src/components/format/dates.ts',
]);
/** The event page's parts that other pages share too: bookmarking, share and calendar, ticket choice. */
const eventPageModule = fileIn([
  '/src/contract/calendar-file.ts',
  '/src/features/bookmarks/components/bookmark-button.tsx',
  '/src/features/bookmarks/hooks/',
  '/src/features/bookmarks/api/',
  '/src/lib/query-keys/bookmarks.ts',
  '/src/features/bookmarks/utils/bookmark-queue.ts',
  '/src/features/events/utils/clipboard.ts',
  '/src/features/events/components/event-actions.tsx',
  '/src/lib/query-keys/orders.ts',
  '/src/features/orders/utils/held-orders.ts',
  '/src/features/orders/utils/ticket-choice.ts',
  '/src/features/orders/components/order-amounts.tsx',
  '/src/lib/clipboard.ts',
]);
/**
 * The form fields, their messages and the form hook: a form page (sign-in, sign-up, the help desk's) used to load each
 * field as a request of its own before it could be used. Not what the browsing group already holds.
 */
const formModule = (id: string) => fileIn(['/src/components/fields/'])(id) && !browsingModule(id);
/**
 * What every sign-in, sign-up, password and code page uses (its layout and header, the schemas' loader, the password
 * kept between sign-up and its code), and the code form with what it needs (sign-in, the code and link pages): two
 * requests instead of up to eight small ones, on the page door staff open first.
 */
const authModule = fileIn([
  '/src/app/layouts/auth-layout.tsx',
  '/src/features/auth/components/auth-header.tsx',
  '/src/features/auth/components/use-back-to-sign-in.ts',
  '/src/features/auth/utils/',
]);
const authCodeModule = fileIn([
  '/src/features/auth/components/confirm-email-form.tsx',
  '/src/features/auth/components/resend-code-button.tsx',
  '/src/features/auth/api/confirm-signup.ts',
  '/src/features/auth/api/resend-confirmation-code.ts',
  '/src/app/use-start-session.ts',
]);
/** A case's calls, its kept access and the terms its forms show, shared by the help desk's case pages (raise, check, follow) and the agents'. */
const helpCaseModule = fileIn([
  '/src/features/help-desk/api/case-calls.ts',
  '/src/features/help-desk/utils/case-access.ts',
  '/src/features/help-desk/utils/case-schemas.ts',
  '/src/features/help-desk/utils/raised-case-step.ts',
  '/src/contract/help-case-terms.ts',
]);
/** Text written in Markdown (an event's description, a help article) and its links out: help pages need no more. */
const markdownModule = fileIn([
  '/src/components/markdown/markdown.ts',
  '/src/components/markdown/markdown-text.tsx',
  '/src/lib/outbound-link.tsx',
]);
/** What an event's page says of its sale (refund policy, discounts, waiting list, transfers, the booking fee): shared with checkout and the organiser's pages. */
const eventTermsModule = fileIn([
  '/src/contract/refund-policy-text.ts',
  '/src/components/refund-policy-note.tsx',
  '/src/contract/discount-pricing.ts',
  '/src/features/waiting-list/utils/waiting-text.ts',
  '/src/contract/ticket-transfers-text.ts',
  '/src/contract/booking-fee.ts',
  '/src/features/orders/api/get-booking-fee.ts',
  '/src/features/orders/hooks/use-order-amounts.ts',
]);

const buildId = process.env.ADMIT_BUILD_ID ?? new Date().toISOString();

export default defineConfig(({ isSsrBuild }) => ({
  define: { __ADMIT_BUILD_ID__: JSON.stringify(buildId) },
  plugins: [
    react(),
    tailwindcss(),
    markdownPlugin(),
    // Each page anyone opens gets a sheet with only the rules its code can use (decision 080).
    pageStylesheets({ areas: ['public', 'help-desk'], pageMap: 'src/app/page-modules.ts' }),
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
        // The stylesheets are written into the pages. The app's is kept as a file too: a page written with a sheet of
        // its own adds it before opening another page, offline as well (decision 080).
        globIgnores: ['**/node_modules/**', 'sw.js', 'workbox-*.js', 'assets/style-page-*.css'],
        // The app shell is rendered by the server; the worker fetches it at install.
        additionalManifestEntries: [{ url: '/app-shell', revision: buildId }],
        // The worker imports nothing at run time: a classic script, built without the option Vite 8 deprecates.
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist/client',
    manifest: !isSsrBuild,
    modulePreload: { polyfill: false },
    // One stylesheet, written into every page (decision 028): no page's code asks for a stylesheet of its own.
    // The toasts' styles are the exception, loaded by address with their library (src/lib/toast-layer.tsx).
    cssCodeSplit: false,
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
              groups: [
                { name: 'framework', test: (id: string) => frameworkModule.test(id) && !rarelyUsedQueryModule.test(id) },
                // Only the listed modules: their imports stay where they are (the entry, the framework).
                { name: 'browsing', test: browsingModule, includeDependenciesRecursively: false },
                { name: 'event-page', test: eventPageModule, includeDependenciesRecursively: false },
                { name: 'forms', test: formModule, includeDependenciesRecursively: false },
                { name: 'event-terms', test: eventTermsModule, includeDependenciesRecursively: false },
                { name: 'help-cases', test: helpCaseModule, includeDependenciesRecursively: false },
                { name: 'auth', test: authModule, includeDependenciesRecursively: false },
                { name: 'auth-code', test: authCodeModule, includeDependenciesRecursively: false },
                { name: 'markdown', test: markdownModule, includeDependenciesRecursively: false },
              ],
            },
          },
        },
  },
  // Bundled into the server build rather than imported from node_modules at run time: date-fns's entry loads all of
  // its 250 functions (4 s and over 400 MB on start, measured with bench/local-start.ts); bundled, only those used remain.
  ssr: { noExternal: isSsrBuild ? ['react-toastify', 'date-fns'] : [] },
}));
