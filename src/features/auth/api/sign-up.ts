import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { z } from 'zod';
import type { SignUp, signUpResultSchema } from '#contract/auth.ts';
import type { ApiEnvelope } from '#contract/envelope.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

export type SignUpResult = z.infer<typeof signUpResultSchema>;

/** Creates the account; the server mails a 6-digit code to confirm the address. */
export const signUp = (api: ApiCaller, input: SignUp, { silent = false }: { silent?: boolean } = {}): Promise<SignUpResult> =>
  api<SignUpResult>({ method: 'POST', url: '/auth/signUp', data: input, silent });

interface UseSignUpOptions {
  /** Leave the error to the page (shown beside the form) instead of a toast. */
  silent?: boolean;
  mutationConfig?: Omit<UseMutationOptions<SignUpResult, AxiosError<ApiEnvelope>, SignUp>, 'mutationFn'>;
}

export function useSignUp({ silent = false, mutationConfig }: UseSignUpOptions = {}) {
  const api = useApiCaller();
  return useMutation({ ...mutationConfig, mutationFn: (input: SignUp) => signUp(api, input, { silent }) });
}
