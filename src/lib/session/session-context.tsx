import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { RouteSession } from './route-session.ts';
import type { SessionStore } from './session-store.ts';

const SessionContext = createContext<SessionStore | null>(null);

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

/** The visitor's session (signed in, roles, token) as the cookies say. */
export function useRouteSession(): RouteSession {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useRouteSession must be used inside SessionProvider');
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
