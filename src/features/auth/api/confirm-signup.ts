import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { z } from 'zod';
import type { confirmSignupSchema, SignInResult } from '#contract/auth.ts';
import type { ApiEnvelope } from '#contract/envelope.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

export type ConfirmSignupInput = z.infer<typeof confirmSignupSchema>;

/**
 * Confirms the address with the mailed code and the password of the same sign-up, and signs in: answers the tokens and
 * the user, like sign-in. `silent` leaves the error to the page instead of a toast.
 */
export const confirmSignup = (
  api: ApiCaller,
  input: ConfirmSignupInput,
  { silent = false }: { silent?: boolean } = {},
): Promise<SignInResult> => api<SignInResult>({ method: 'POST', url: '/auth/confirmSignup', data: input, silent });

interface UseConfirmSignupOptions {
  silent?: boolean;
  mutationConfig?: Omit<UseMutationOptions<SignInResult, AxiosError<ApiEnvelope>, ConfirmSignupInput>, 'mutationFn'>;
}

export function useConfirmSignup({ silent = false, mutationConfig }: UseConfirmSignupOptions = {}) {
  const api = useApiCaller();
  return useMutation({ ...mutationConfig, mutationFn: (input: ConfirmSignupInput) => confirmSignup(api, input, { silent }) });
}
