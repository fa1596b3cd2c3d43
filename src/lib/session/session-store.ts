import Cookies from 'js-cookie';
import { deriveSession, type RouteSession, signedOut } from './route-session.ts';

type Listener = () => void;

/** The browser's session state, re-read from the cookies at start-up and on every route change. */
export function createSessionStore(initial: RouteSession = signedOut) {
  let current = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => current,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refreshFromCookies() {
      const next = deriveSession(Cookies.get());
      if (JSON.stringify(next) === JSON.stringify(current)) return;
      current = next;
      for (const listener of listeners) listener();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
