import type { ReactNode } from 'react';
import type { BootState } from '../lib/boot-state.ts';

/** The whole HTML document; rendered by React on the server and hydrated as is in the browser. */
export function Document({ state, children }: { state: BootState; children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#4f46e5" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" href="/icons/favicon-32.png" type="image/png" sizes="32x32" />
        <link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        {/* A stylesheet resource: React writes it first in the head, as the page paints with it and no script. */}
        {state.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} precedence="default" />
        ))}
        {/* Scripts only make the painted page interactive: they yield the connection to the stylesheet and images. */}
        {state.assets.modulePreloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
        {state.devHead ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: development-only Vite preamble produced by the server
          <script type="module" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: state.devHead }} />
        ) : null}
      </head>
      <body className="bg-white text-slate-900 antialiased">{children}</body>
    </html>
  );
}
