import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { ShellPlaceholder } from './shell-placeholder.tsx';

/**
 * The app shell's own start (decision 025), loaded only when the page is the shell. The placeholder stays on
 * screen while the route's loaders run (set before the router is made from the routes).
 */
export function showPlaceholderWhileLoading(routes: RouteObject[]): void {
  const [root] = routes;
  if (root) root.hydrateFallbackElement = <ShellPlaceholder />;
}

/** Renders the page in the browser: there is no server HTML to hydrate, only the shell's document. */
export function renderShell(app: ReactNode): void {
  createRoot(document).render(app);
}
