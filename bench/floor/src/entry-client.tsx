import { type DehydratedState, hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes.tsx';

declare const __PAGE_FLOOR__: boolean;
declare global {
  interface Window {
    /** The page floor's query cache, as its server dehydrated it. */
    __FLOOR_QUERIES__?: DehydratedState;
  }
}

/** The page floor hydrates its query cache first, as the design's stack does (React Query beside the router). */
function withQueries(app: React.ReactNode): React.ReactNode {
  const client = new QueryClient();
  hydrate(client, window.__FLOOR_QUERIES__ ?? {});
  return <QueryClientProvider client={client}>{app}</QueryClientProvider>;
}

// The hydration data the server wrote (window.__staticRouterHydrationData) is read by the router itself.
const router = createBrowserRouter(routes);
const app = <RouterProvider router={router} />;
hydrateRoot(document, <StrictMode>{__PAGE_FLOOR__ ? withQueries(app) : app}</StrictMode>);
