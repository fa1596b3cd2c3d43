import { useState } from 'react';

// Set in the browser only, around the first render of the server's HTML; the server never sets it.
let hydrating = false;

/** The entry says when the browser starts and ends hydrating the server's HTML. */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

/** Whether the browser is rendering the server's HTML for the first time (never on the server). */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * True while `value` is still what this component had when it hydrated: the component may then keep
 * the text the server formatted (on an element with `suppressHydrationWarning`) instead of formatting
 * it again. A page's first date or price loads the browser's locale and time zone data, tens of
 * milliseconds on a phone in one piece, in the middle of hydration. New data is formatted as usual.
 */
export function useServerText(value: unknown): boolean {
  const [hydratedWith] = useState(() => (hydrating ? value : undefined));
  return hydratedWith !== undefined && hydratedWith === value;
}
