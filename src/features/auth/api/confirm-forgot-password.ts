import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { z } from 'zod';
import type { confirmForgotPasswordSchema } from '#contract/auth.ts';
import type { ApiEnvelope } from '#contract/envelope.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

export type ConfirmForgotPasswordInput = z.infer<typeof confirmForgotPasswordSchema>;

/** Sets a new password with the mailed code; every session of the account ends. */
export const confirmForgotPassword = (
  api: ApiCaller,
  input: ConfirmForgotPasswordInput,
  { silent = false }: { silent?: boolean } = {},
): Promise<void> => api<void>({ method: 'POST', url: '/auth/confirmForgotPassword', data: input, silent });

interface UseConfirmForgotPasswordOptions {
  /** Leave the error to the page (shown beside the form) instead of a toast. */
  silent?: boolean;
  mutationConfig?: Omit<UseMutationOptions<void, AxiosError<ApiEnvelope>, ConfirmForgotPasswordInput>, 'mutationFn'>;
}

export function useConfirmForgotPassword({ silent = false, mutationConfig }: UseConfirmForgotPasswordOptions = {}) {
  const api = useApiCaller();
  return useMutation({
    ...mutationConfig,
    mutationFn: (input: ConfirmForgotPasswordInput) => confirmForgotPassword(api, input, { silent }),
  });
}
