import type { Writable } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type RouteObject,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { AppShell } from './app/app-shell.tsx';
import { Document } from './app/document.tsx';
import { layoutModules } from './app/layouts/layout-registry.tsx';
import { loadAllPages, pageModulePath } from './app/lazy-page.ts';

export { loadAllPages };

import type { LayoutName, RouteHandle } from './app/route-handle.ts';
import { createRoutes } from './app/routes.tsx';
import { ShellPlaceholder } from './app/shell-placeholder.tsx';
import { preloadModuleFunction, startAfterPaintScript } from './app/start-after-paint.ts';
import { ApiCallerProvider, type ApiInject, injectedApiCaller } from './lib/api-caller.tsx';
import { appShellPath, devicePages } from './lib/app-shell.ts';
import { type BootState, bootStateGlobal, serializeForScript } from './lib/boot-state.ts';
import { createQueryClient } from './lib/query-client.ts';
import { deriveSession } from './lib/session/route-session.ts';
import { createSessionStore } from './lib/session/session-store.ts';
import './styles/app.css';

export interface RenderAssets {
  /** The client entry module. */
  entry: string;
  css: string[];
  /** A page module's own sheet, for the pages the build made one for (decision 080). */
  pageCss?: Record<string, string>;
  /** A stylesheet's text, to write into the page; undefined when it is only linked (development). */
  cssText(href: string): string | undefined;
  /** The chunks a page module needs, to preload them with the entry. */
  chunksFor(moduleKeys: string[]): string[];
  /** The chunk of each page module (the ones the build manifest knows), by module key. */
  pageFiles(moduleKeys: string[]): Record<string, string>;
}

export interface RenderOptions {
  request: Request;
  nonce: string;
  state: Pick<BootState, 'config' | 'origin' | 'devHead'>;
  assets: RenderAssets;
  /** The request's cookies, for the session guards and the first render. */
  cookies: Record<string, string>;
  /** Calls the API in-process for loaders. */
  apiInject: ApiInject;
  onError(error: unknown): void;
  /** Tests may render their own route table. */
  routes?: RouteObject[];
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'html'; status: number; keepable: boolean; pipe(destination: Writable): void; abort(): void };

/** Router hydration data in the shape the browser router reads back (errors serialised). */
function hydrationData(context: StaticHandlerContext) {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([id, error]) => [
          id,
          isRouteErrorResponse(error)
            ? { ...error, __type: 'RouteErrorResponse' }
            : { message: 'Unexpected Server Error', __type: 'Error' },
        ]),
      )
    : null;
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

/**
 * Preloads the code of the page the shell stands in for, from the address, before the entry runs: fetched and
 * compiled beside the entry's instead of after it. Only that page's, so a phone compiles nothing it will not run.
 */
function shellPreloadScript(assets: RenderAssets): string {
  const entry = new Set(assets.chunksFor([]));
  const pages = devicePages.map(({ pattern, page, layout }) => {
    const moduleKey = pageModulePath(page);
    const layoutKey = layoutModules[layout as LayoutName];
    const chunks = assets.chunksFor(layoutKey ? [moduleKey, layoutKey] : [moduleKey]);
    return [pattern.source, chunks.filter((href) => !entry.has(href)), assets.pageFiles([moduleKey])];
  });
  return `(function(pages,state){for(var i=0;i<pages.length;i++)if(new RegExp(pages[i][0]).test(location.pathname)){state.pages=pages[i][2];pages[i][1].forEach(${preloadModuleFunction})}})(${serializeForScript(pages)},window.${bootStateGlobal});`;
}

/**
 * The stylesheets go into the page when the server has their text (a built app): one request fewer before the
 * first paint, the one a phone on a slow network waits longest for (decision 028).
 */
function stylesheets(assets: RenderAssets): Pick<BootState['assets'], 'css' | 'cssInline'> {
  const cssInline = assets.css.length > 0 && assets.css.every((href) => assets.cssText(href) !== undefined);
  return { css: assets.css, cssInline };
}

/**
 * A page the build made a sheet for gets that one, and the address of the app's whole sheet for the first other page
 * it opens (decision 080); any other page, and the shell, the whole one.
 */
function pageStylesheets(assets: RenderAssets, moduleKeys: string[]): Omit<BootState['assets'], 'modulePreloads'> {
  const whole = stylesheets(assets);
  const [wholeHref] = whole.css;
  const own = new Set(moduleKeys.map((key) => assets.pageCss?.[key]));
  const [href] = own;
  if (own.size !== 1 || !href || !wholeHref || !whole.cssInline || assets.cssText(href) === undefined) return whole;
  return { css: [href], cssInline: true, whole: { href: wholeHref, pages: moduleKeys } };
}

/** What the shell's start imports beside the entry's chunks (`src/entry-client.tsx`): fetched with them, not after. */
const shellStartModules = ['src/app/shell-render.tsx', 'src/lib/query-persistence.ts'];

/** The app shell: the document and its code, no page and nothing of the visitor; the browser renders the page. */
function renderShell(options: RenderOptions): Promise<RenderResult> {
  const state: BootState = {
    ...options.state,
    dehydrated: null,
    assets: { ...stylesheets(options.assets), modulePreloads: options.assets.chunksFor(shellStartModules) },
    shell: true,
  };
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <Document state={state} cssText={options.assets.cssText}>
        <ShellPlaceholder />
      </Document>,
      {
        nonce: options.nonce,
        bootstrapScriptContent: `window.${bootStateGlobal}=${serializeForScript(state)};${shellPreloadScript(options.assets)}`,
        bootstrapModules: [options.assets.entry],
        onShellReady: () => resolve({ kind: 'html', status: 200, keepable: false, pipe: stream.pipe, abort: stream.abort }),
        onShellError: reject,
        onError: options.onError,
      },
    );
  });
}

/**
 * Public pages, with nothing of the visitor in them: the service worker may keep a copy for offline use.
 * Every other page (accounts, organisers, payments, sign-in) is never stored as HTML (decision 025).
 */
const keepablePages = new Set([
  'public/home',
  'public/about-us',
  'public/terms',
  'public/policy-index',
  'public/policy',
  'public/catalogue',
  'public/event',
  'public/organisation-view',
  'help-desk/help-desk',
  'help-desk/help-desk-category',
  'help-desk/faq',
]);

function keepableMatches(matches: StaticHandlerContext['matches'], status: number): boolean {
  if (status !== 200) return false;
  const guarded = matches.some((match) => ((match.route.handle as RouteHandle | undefined)?.guards?.length ?? 0) > 0);
  return !guarded && keepablePages.has(matches.at(-1)?.route.id ?? '');
}

export async function render(options: RenderOptions): Promise<RenderResult> {
  if (new URL(options.request.url).pathname === appShellPath) return renderShell(options);
  const queryClient = createQueryClient();
  const session = createSessionStore(deriveSession(options.cookies));
  const api = injectedApiCaller(options.apiInject, options.state.config.apiBase, session.get().token);
  const routes = options.routes ?? createRoutes({ queryClient, session: session.get, api });
  const handler = createStaticHandler(routes);
  const context = await handler.query(options.request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  if (context.errors) {
    for (const error of Object.values(context.errors)) if (!isRouteErrorResponse(error)) options.onError(error);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const handles = context.matches.map((match) => match.route.handle as RouteHandle | undefined);
  const moduleKeys = handles.flatMap((handle) => handle?.module ?? []);
  // The layouts the pages are framed in, when they load apart: preloaded beside the pages' code.
  const layoutKeys = handles.flatMap((handle) => (handle?.layout && layoutModules[handle.layout]) || []);
  const state: BootState = {
    ...options.state,
    dehydrated: dehydrate(queryClient),
    // The page asks for its code once it has painted (decision 079), not from the head.
    assets: { ...pageStylesheets(options.assets, moduleKeys), modulePreloads: [] },
    shell: false,
    pages: options.assets.pageFiles(moduleKeys),
    routeIds: context.matches.map((match) => match.route.id),
  };
  const bootScript = `window.${bootStateGlobal}=${serializeForScript(state)};window.__staticRouterHydrationData=${serializeForScript(hydrationData(context))};${startAfterPaintScript({ entry: options.assets.entry, modules: options.assets.chunksFor([...moduleKeys, ...layoutKeys]) })}`;

  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <AppShell state={state} queryClient={queryClient} session={session} cssText={options.assets.cssText}>
        <ApiCallerProvider api={api}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={options.nonce} />
        </ApiCallerProvider>
      </AppShell>,
      {
        nonce: options.nonce,
        // The entry is asked for by the boot script once the page has painted (decision 079), not by a tag.
        bootstrapScriptContent: bootScript,
        onShellReady() {
          resolve({
            kind: 'html',
            status: context.statusCode,
            keepable: keepableMatches(context.matches, context.statusCode),
            pipe: stream.pipe,
            abort: stream.abort,
          });
        },
        onAllReady() {
          // Server-side queries only live for this request; clearing drops their timers at once.
          queryClient.clear();
        },
        onShellError: reject,
        onError(error) {
          options.onError(error);
        },
      },
    );
  });
}
