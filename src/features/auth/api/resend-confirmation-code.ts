import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { z } from 'zod';
import type { resendConfirmationCodeSchema } from '#contract/auth.ts';
import type { ApiEnvelope } from '#contract/envelope.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

export type ResendConfirmationCodeInput = z.infer<typeof resendConfirmationCodeSchema>;

/** Mails a new code for the sign-up made with this password, if there is one; the answer is the same either way. */
export const resendConfirmationCode = (
  api: ApiCaller,
  input: ResendConfirmationCodeInput,
  { silent = false }: { silent?: boolean } = {},
): Promise<void> => api<void>({ method: 'POST', url: '/auth/resendConfirmationCode', data: input, silent });

interface UseResendConfirmationCodeOptions {
  mutationConfig?: Omit<UseMutationOptions<void, AxiosError<ApiEnvelope>, ResendConfirmationCodeInput>, 'mutationFn'>;
}

export function useResendConfirmationCode({ mutationConfig }: UseResendConfirmationCodeOptions = {}) {
  const api = useApiCaller();
  return useMutation({
    ...mutationConfig,
    mutationFn: (input: ResendConfirmationCodeInput) => resendConfirmationCode(api, input),
  });
}
