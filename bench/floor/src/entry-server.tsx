// The floor's server entry: the contract of src/entry-server.tsx (render and loadAllPages), for one heading.
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { RenderOptions, RenderResult } from '../../../src/entry-server.tsx';
import { routes } from './routes.tsx';

/** Nothing to load ahead: the floor has no lazy pages. */
export async function loadAllPages(): Promise<void> {}

/** Script text safe inside <script>: no `</script>` or HTML comment can close it early. */
const forScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '');

export async function render(options: RenderOptions): Promise<RenderResult> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(options.request);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const hydrationData = { loaderData: context.loaderData, actionData: context.actionData, errors: null };
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(<StaticRouterProvider router={router} context={context} hydrate={false} />, {
      nonce: options.nonce,
      bootstrapScriptContent: `window.__staticRouterHydrationData=${forScript(hydrationData)};`,
      bootstrapModules: [options.assets.entry],
      onShellReady: () =>
        resolve({ kind: 'html', status: context.statusCode, keepable: false, pipe: stream.pipe, abort: stream.abort }),
      onShellError: reject,
      onError: options.onError,
    });
  });
}
