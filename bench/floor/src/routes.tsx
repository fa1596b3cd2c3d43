import { useEffect } from 'react';
import { Outlet, type RouteObject } from 'react-router';

/** The whole page: one heading, at every address. */
function Heading() {
  return <h1>Floor</h1>;
}

function Root() {
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
      </head>
      <body>
        <Outlet />
      </body>
    </html>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Root,
    children: [
      { index: true, Component: Heading },
      { path: '*', Component: Heading },
    ],
  },
];
