import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { z } from 'zod';
import type { emailOnlySchema } from '#contract/auth.ts';
import type { ApiEnvelope } from '#contract/envelope.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

export type ForgotPasswordInput = z.infer<typeof emailOnlySchema>;

/** Mails a reset code when an account uses the address; the answer is the same either way. */
export const forgotPassword = (
  api: ApiCaller,
  input: ForgotPasswordInput,
  { silent = false }: { silent?: boolean } = {},
): Promise<void> => api<void>({ method: 'POST', url: '/auth/forgotPassword', data: input, silent });

interface UseForgotPasswordOptions {
  /** Leave the error to the page (shown beside the form) instead of a toast. */
  silent?: boolean;
  mutationConfig?: Omit<UseMutationOptions<void, AxiosError<ApiEnvelope>, ForgotPasswordInput>, 'mutationFn'>;
}

export function useForgotPassword({ silent = false, mutationConfig }: UseForgotPasswordOptions = {}) {
  const api = useApiCaller();
  return useMutation({ ...mutationConfig, mutationFn: (input: ForgotPasswordInput) => forgotPassword(api, input, { silent }) });
}
