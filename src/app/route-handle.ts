export const layoutNames = [
  'default',
  'home',
  'auth',
  'user-account',
  'organizer-dashboard',
  'validate-ticket-layout',
  'admin',
] as const;
export type LayoutName = (typeof layoutNames)[number];

/** signIn, admin and session are the spec's guards; organisation also needs a membership. */
export type GuardName = 'signIn' | 'admin' | 'session' | 'organisation';

/** Route metadata: which layout frames the page and which guards protect it. */
export interface RouteHandle {
  layout?: LayoutName;
  guards?: GuardName[];
  /** Source path of the page's module, for preloading its chunk. */
  module?: string;
}

/** The layout of the deepest matched route that names one; else the default layout. */
export function pickLayout(matches: ReadonlyArray<{ handle?: unknown }>): LayoutName {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const layout = (matches[index]?.handle as RouteHandle | undefined)?.layout;
    if (layout) return layout;
  }
  return 'default';
}
