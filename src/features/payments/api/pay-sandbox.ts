import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sandboxPaymentResultSchema, sandboxPaymentSchema } from '#contract/orders.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

export type SandboxPayment = z.input<typeof sandboxPaymentSchema>;
export type SandboxPaymentResult = z.infer<typeof sandboxPaymentResultSchema>;

/**
 * `POST /payments/sandbox/{sessionId}`: charges a test card. Declined cards are an outcome, not an
 * error: the answer says where to go (`redirectUrl`). Silent: the form shows what went wrong.
 */
export const paySandbox = (api: ApiCaller, sessionId: string, payment: SandboxPayment): Promise<SandboxPaymentResult> =>
  api<SandboxPaymentResult>({
    method: 'POST',
    url: `/payments/sandbox/${encodeURIComponent(sessionId)}`,
    data: payment,
    silent: true,
  });

export function usePaySandbox(sessionId: string) {
  const api = useApiCaller();
  return useMutation({ mutationFn: (payment: SandboxPayment) => paySandbox(api, sessionId, payment) });
}
