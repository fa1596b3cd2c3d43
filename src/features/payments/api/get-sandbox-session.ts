import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { SandboxSession } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { paymentKeys } from '#lib/query-keys/payments.ts';

/** `GET /payments/sandbox/{sessionId}`: what the test payment page charges for. Silent: unknown is a 404 page. */
export const getSandboxSession = (api: ApiCaller, sessionId: string): Promise<SandboxSession> =>
  api<SandboxSession>({ url: `/payments/sandbox/${encodeURIComponent(sessionId)}`, silent: true });

/** Never kept: its status changes when the buyer pays. */
export const sandboxSessionQueryOptions = (api: ApiCaller, sessionId: string) =>
  queryOptions({ queryKey: paymentKeys.sandboxSession(sessionId), queryFn: () => getSandboxSession(api, sessionId), gcTime: 0 });

export function useSandboxSession(sessionId: string) {
  const api = useApiCaller();
  return useSuspenseQuery(sandboxSessionQueryOptions(api, sessionId));
}
