import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { z } from 'zod';
import type { emailOnlySchema } from '../../../contract/auth.ts';
import type { ApiEnvelope } from '../../../contract/envelope.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

/** Mails a new confirmation code when the account still needs one; the answer is the same either way. */
export const resendConfirmationCode = (input: EmailOnlyInput, { silent = false }: { silent?: boolean } = {}): Promise<void> =>
  apiRequest<void>({ method: 'POST', url: '/auth/resendConfirmationCode', data: input, silent });

interface UseResendConfirmationCodeOptions {
  mutationConfig?: Omit<UseMutationOptions<void, AxiosError<ApiEnvelope>, EmailOnlyInput>, 'mutationFn'>;
}

export function useResendConfirmationCode({ mutationConfig }: UseResendConfirmationCodeOptions = {}) {
  return useMutation({ ...mutationConfig, mutationFn: (input: EmailOnlyInput) => resendConfirmationCode(input) });
}
