import type { ReactNode } from 'react';
import type { BootState } from '../lib/boot-state.ts';

interface DocumentProps {
  state: BootState;
  children: ReactNode;
  /** Server only: the stylesheets' text, written into the page when `state.assets.cssInline`. */
  cssText?: (href: string) => string | undefined;
}

/** The whole HTML document; rendered by React on the server and hydrated as is in the browser. */
export function Document({ state, children, cssText }: DocumentProps) {
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
        {/*
          Stylesheet resources: React writes them first in the head, as the page paints with them and no script.
          Written into the page, a style resource is known by its href: the browser adopts the server's element
          and renders it without its text, which it never needs.
        */}
        {state.assets.css.map((href) =>
          state.assets.cssInline ? (
            <style key={href} href={href} precedence="default">
              {cssText?.(href) ?? ''}
            </style>
          ) : (
            <link key={href} rel="stylesheet" href={href} precedence="default" />
          ),
        )}
        {/*
          Scripts only make the painted page interactive: the app shell preloads its chunks here at low priority; a
          page the server rendered asks for them once it has painted (decision 079, src/app/start-after-paint.ts).
        */}
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
