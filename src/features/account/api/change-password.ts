import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { z } from 'zod';
import type { changePasswordSchema, tokensSchema } from '#contract/auth.ts';
import type { ApiEnvelope } from '#contract/envelope.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { writeAccessToken } from '#lib/session/cookies.ts';

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
export type Tokens = z.infer<typeof tokensSchema>;

/** Changes the signed-in user's password; other sessions end and this one gets new tokens. */
export const changePassword = (
  api: ApiCaller,
  input: ChangePasswordInput,
  { silent = false }: { silent?: boolean } = {},
): Promise<Tokens> => api<Tokens>({ method: 'POST', url: '/auth/changePassword', data: input, silent });

interface UseChangePasswordOptions {
  /** Leave the error to the page (shown beside the form) instead of a toast. */
  silent?: boolean;
  mutationConfig?: Omit<UseMutationOptions<Tokens, AxiosError<ApiEnvelope>, ChangePasswordInput>, 'mutationFn'>;
}

export function useChangePassword({ silent = false, mutationConfig }: UseChangePasswordOptions = {}) {
  const api = useApiCaller();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: (input: ChangePasswordInput) => changePassword(api, input, { silent }),
    onSuccess: (...args) => {
      // The old access token still works until it expires, but the new one belongs to the new session.
      writeAccessToken(args[0].accessToken);
      return onSuccess?.(...args);
    },
  });
}
