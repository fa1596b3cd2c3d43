import { useRef } from 'react';
import { useMatches } from 'react-router';
import { useBootState } from '../lib/public-config.tsx';
import type { RouteHandle } from './route-handle.ts';

/**
 * A page written with a sheet of its own adds the app's whole sheet before it shows any other page (decision 080). A
 * stylesheet rendered as a resource holds the navigation's commit until it has loaded, so no page shows unstyled;
 * once added it stays, as React leaves resources in place.
 */
export function WholeStylesheet() {
  const whole = useBootState().assets.whole;
  const matches = useMatches();
  const needed = useRef(false);
  if (whole && !needed.current) {
    const modules = matches.flatMap((match) => (match.handle as RouteHandle | undefined)?.module ?? []);
    needed.current = modules.some((module) => !whole.pages.includes(module));
  }
  return whole && needed.current ? <link rel="stylesheet" href={whole.href} precedence="default" /> : null;
}
