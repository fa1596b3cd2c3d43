import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { BootState } from '../lib/boot-state.ts';
import { BootStateProvider } from '../lib/public-config.tsx';
import { SessionProvider } from '../lib/session/session-context.tsx';
import type { SessionStore } from '../lib/session/session-store.ts';
import { Toasts } from '../lib/toasts.tsx';
import { Document } from './document.tsx';

interface AppShellProps {
  state: BootState;
  queryClient: QueryClient;
  session: SessionStore;
  /** The router provider: static on the server, browser router in the client. */
  children: ReactNode;
  /** Server only: the stylesheets' text to write into the page. */
  cssText?: (href: string) => string | undefined;
}

/** Providers shared by server rendering and hydration, so both trees match. */
export function AppShell({ state, queryClient, session, children, cssText }: AppShellProps) {
  return (
    <Document state={state} cssText={cssText}>
      <BootStateProvider value={state}>
        <SessionProvider store={session}>
          <QueryClientProvider client={queryClient}>
            {children}
            <Toasts />
          </QueryClientProvider>
        </SessionProvider>
      </BootStateProvider>
    </Document>
  );
}
