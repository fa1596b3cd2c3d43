import type { ReactNode } from 'react';
import type { LayoutName } from '../route-handle.ts';
import { DefaultLayout } from './default-layout.tsx';
import { HomeLayout } from './home-layout.tsx';

type Layout = (props: { children: ReactNode }) => ReactNode;

/**
 * The public pages' layouts come with the app; the others (sign-in, the account, organiser and admin areas,
 * the door) load with the first page that uses one, so the home page's JavaScript carries none of them.
 */
const loaders: Record<Exclude<LayoutName, 'default' | 'home'>, () => Promise<Layout>> = {
  auth: () => import('./auth-layout.tsx').then((module) => module.AuthLayout),
  'user-account': () => import('./area-layouts.tsx').then((module) => module.UserAccountLayout),
  'organizer-dashboard': () => import('./area-layouts.tsx').then((module) => module.OrganizerDashboardLayout),
  admin: () => import('./area-layouts.tsx').then((module) => module.AdminLayout),
  'validate-ticket-layout': () => import('./validate-ticket-layout.tsx').then((module) => module.ValidateTicketLayout),
};

/** The source of each layout loaded apart (its key in the build manifest), so the server preloads it with the page. */
export const layoutModules: Partial<Record<LayoutName, string>> = {
  auth: 'src/app/layouts/auth-layout.tsx',
  'user-account': 'src/app/layouts/area-layouts.tsx',
  'organizer-dashboard': 'src/app/layouts/area-layouts.tsx',
  admin: 'src/app/layouts/area-layouts.tsx',
  'validate-ticket-layout': 'src/app/layouts/validate-ticket-layout.tsx',
};

const loaded = new Map<LayoutName, Layout>([
  ['default', DefaultLayout],
  ['home', HomeLayout],
]);

/** Loads a layout's code (a page's route does, beside the page's own); a layout that fails to load is left to the page's error. */
export async function loadLayout(name: LayoutName | undefined): Promise<void> {
  if (!name || loaded.has(name)) return;
  const load = loaders[name as keyof typeof loaders];
  loaded.set(name, await load());
}

/** The layout to frame a page in: loaded with the page's route, else (its code failed to load) the default one. */
export const layoutFor = (name: LayoutName): Layout => loaded.get(name) ?? DefaultLayout;
