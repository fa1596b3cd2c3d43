import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import { Outlet, type RouteObject } from 'react-router';

/** True in the page floor's build (bench/floor/build.ts), false in the floor's: each build keeps only its own code. */
declare const __PAGE_FLOOR__: boolean;

/**
 * The page floor's content for one address: Admit's own server HTML of that page (its stylesheet and its body
 * without scripts). Only the server has it; the browser hydrates with empty strings, and React keeps the
 * server's HTML of an element set with dangerouslySetInnerHTML as it is.
 */
export interface PageContent {
  stylesheet: string;
  body: string;
}
export const PageContentContext = createContext<PageContent>({ stylesheet: '', body: '' });

/** The floor's whole page: one heading, at every address. */
function Heading() {
  return <h1>Floor</h1>;
}

/** The page floor's page: one query read from the cache the server filled, and the page's own HTML. */
function Page() {
  const { body } = useContext(PageContentContext);
  const { data } = useQuery({ queryKey: ['floor'], queryFn: () => Promise.resolve('page'), staleTime: Number.POSITIVE_INFINITY });
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: Admit's own server HTML of the page, taken by the bench
    <div data-floor={data} dangerouslySetInnerHTML={{ __html: body }} />
  );
}

function Root() {
  const { stylesheet } = useContext(PageContentContext);
  useEffect(() => {
    // The same signal as Admit's root route, so the bench waits for both alike.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Floor</title>
        {__PAGE_FLOOR__ ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: Admit's own stylesheet of the page, taken by the bench
          <style dangerouslySetInnerHTML={{ __html: stylesheet }} />
        ) : null}
      </head>
      <body>
        <Outlet />
      </body>
    </html>
  );
}

const Content = __PAGE_FLOOR__ ? Page : Heading;

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    children: [
      { index: true, Component: Content },
      { path: '*', Component: Content },
    ],
  },
];
