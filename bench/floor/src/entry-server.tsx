// The floor's server entry: the contract of src/entry-server.tsx (render and loadAllPages), for one heading, or in
// the page floor's build for the page content bench/page-speed.ts took from Admit (FLOOR_PAGES names its file).
import { readFileSync } from 'node:fs';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { RenderOptions, RenderResult } from '../../../src/entry-server.tsx';
import { type PageContent, PageContentContext, routes } from './routes.tsx';

declare const __PAGE_FLOOR__: boolean;

/** Nothing to load ahead: the floor has no lazy pages. */
export async function loadAllPages(): Promise<void> {}

/** Script text safe inside <script>: no `</script>` or HTML comment can close it early. */
const forScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '');

let pages: Record<string, PageContent> | null = null;
/** The page floor's content for an address (read once from FLOOR_PAGES); empty for an address it was not given. */
function pageContent(pathname: string): PageContent {
  pages ??= process.env.FLOOR_PAGES
    ? (JSON.parse(readFileSync(process.env.FLOOR_PAGES, 'utf8')) as Record<string, PageContent>)
    : {};
  return pages[pathname] ?? { stylesheet: '', body: '' };
}

export async function render(options: RenderOptions): Promise<RenderResult> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(options.request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const hydrationData = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
  let app = <StaticRouterProvider router={router} context={context} hydrate={false} />;
  let queries = '';
  if (__PAGE_FLOOR__) {
    const client = new QueryClient();
    client.setQueryData(['floor'], 'page');
    queries = `window.__FLOOR_QUERIES__=${forScript(dehydrate(client))};`;
    app = (
      <QueryClientProvider client={client}>
        <PageContentContext value={pageContent(new URL(options.request.url).pathname)}>{app}</PageContentContext>
      </QueryClientProvider>
    );
  }
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(app, {
      nonce: options.nonce,
      bootstrapScriptContent: `window.__staticRouterHydrationData=${forScript(hydrationData)};${queries}`,
      bootstrapModules: [options.assets.entry],
      onShellReady: () =>
        resolve({ kind: 'html', status: context.statusCode, keepable: false, pipe: stream.pipe, abort: stream.abort }),
      onShellError: reject,
      onError: options.onError,
    });
  });
}
