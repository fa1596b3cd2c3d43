import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { type ApiCaller, ApiCallerProvider } from './api-caller.tsx';
import type { BootState } from './boot-state.ts';
import { BootStateProvider } from './public-config.tsx';
import { createQueryClient } from './query-client.ts';
import { type RouteSession, signedOut } from './session/route-session.ts';
import { SessionProvider } from './session/session-context.tsx';
import { createSessionStore } from './session/session-store.ts';

/** What a page reads of the server's boot state in tests: this origin, no other site allowed, mail really sent. */
export const testBootState = {
  config: { apiBase: '/api', allowedExternalOrigins: [], devMailbox: false },
  origin: 'http://admit.test',
  dehydrated: null,
  assets: { css: [], modulePreloads: [] },
  offlineFallback: false,
} as unknown as BootState;

/** An API that answers each path with the data given for it, and refuses any other call. */
export const answering =
  (answers: Record<string, unknown>): ApiCaller =>
  async <T,>(config: { url?: string }) => {
    const url = config.url ?? '';
    if (!(url in answers)) throw new Error(`No answer for ${url}`);
    return answers[url] as T;
  };

let root: Root | null = null;

/**
 * Draws `screen` in jsdom at `path` (the address its links and search parameters read) with the providers a page
 * has: boot state, the session, a query client and the API caller. React draws on its own time: wait for what a
 * test reads (`vi.waitFor`).
 */
export function renderScreen(
  screen: ReactNode,
  { api = answering({}), session = {}, path = '/' }: { api?: ApiCaller; session?: Partial<RouteSession>; path?: string } = {},
) {
  const queryClient = createQueryClient();
  const store = createSessionStore({ ...signedOut, ...session });
  const router = createMemoryRouter([{ path: new URL(path, 'http://admit.test').pathname, element: screen }], {
    initialEntries: [path],
  });
  const container = document.createElement('main');
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <BootStateProvider value={testBootState}>
      <SessionProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <ApiCallerProvider api={api}>
            <RouterProvider router={router} />
          </ApiCallerProvider>
        </QueryClientProvider>
      </SessionProvider>
    </BootStateProvider>,
  );
  return { container, queryClient };
}

/** Removes what `renderScreen` drew; for `afterEach`. */
export function clearScreen() {
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
}

/** Types `value` into a field (replacing what it held) or chooses it in a select, as a person would. */
export function enter(field: HTMLInputElement | HTMLSelectElement, value: string) {
  const prototype = field instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
  // React tracks a field's value itself: only the prototype's setter makes the event read as a change.
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/** The form control labelled `label`. */
export function fieldLabelled<T extends HTMLElement = HTMLInputElement>(container: HTMLElement, label: string): T {
  const labelElement = [...container.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  const control = labelElement?.htmlFor ? container.ownerDocument.getElementById(labelElement.htmlFor) : null;
  if (!control) throw new Error(`No field labelled ${label}`);
  return control as T;
}
