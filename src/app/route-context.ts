import type { QueryClient } from '@tanstack/react-query';
import type { ApiCaller } from '../lib/api-caller.tsx';
import type { RouteSession } from '../lib/session/route-session.ts';

/** What loaders share for one request (server) or one tab (browser). */
export interface RouteContext {
  queryClient: QueryClient;
  /** The visitor's session now: from the request cookies on the server, from the cookies in the browser. */
  session: () => RouteSession;
  /** Calls the API for loaders: in-process on the server, the axios client in the browser. */
  api: ApiCaller;
}
