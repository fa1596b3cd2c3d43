import { useRef } from 'react';
import { useMatches } from 'react-router';
import { useBootState } from '../lib/public-config.tsx';
import type { RouteHandle } from './route-handle.ts';

/** The area of a page module (`src/app/routes/<area>/<page>.tsx`). */
const areaOf = (moduleKey: string) => /(?:^|\/)src\/app\/routes\/([^/]+)\//.exec(moduleKey)?.[1];

/** Whether a sheet made for the pages of `areas` styles every one of these page modules (decision 080). */
export function sheetCovers(moduleKeys: readonly string[], areas: readonly string[]): boolean {
  return moduleKeys.every((key) => areas.includes(areaOf(key) ?? ''));
}

/**
 * A page written with the public pages' sheet adds the app's whole sheet before it shows a page of another area.
 * A stylesheet rendered as a resource holds the navigation's commit until it has loaded, so no page shows unstyled;
 * once added it stays, as React leaves resources in place.
 */
export function WholeStylesheet() {
  const whole = useBootState().assets.whole;
  const matches = useMatches();
  const needed = useRef(false);
  if (whole && !needed.current) {
    const modules = matches.flatMap((match) => (match.handle as RouteHandle | undefined)?.module ?? []);
    needed.current = !sheetCovers(modules, whole.areas);
  }
  return whole && needed.current ? <link rel="stylesheet" href={whole.href} precedence="default" /> : null;
}
