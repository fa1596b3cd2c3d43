import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { z } from 'zod';
import type { SignInResult, signInSchema } from '#contract/auth.ts';
import type { ApiEnvelope } from '#contract/envelope.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';

export type SignInInput = z.infer<typeof signInSchema>;

/** Answers the tokens and the user. Silent: the sign-in page shows the reason beside the form, not in a toast. */
export const signIn = (api: ApiCaller, input: SignInInput): Promise<SignInResult> =>
  api<SignInResult>({ method: 'POST', url: '/auth/signIn', data: input, silent: true });

/** What the server puts in `errors` of its 403 when the address still needs confirming. */
export const emailNotConfirmedCode = 'EMAIL_NOT_CONFIRMED';

interface UseSignInOptions {
  mutationConfig?: Omit<UseMutationOptions<SignInResult, AxiosError<ApiEnvelope>, SignInInput>, 'mutationFn'>;
}

export function useSignIn({ mutationConfig }: UseSignInOptions = {}) {
  const api = useApiCaller();
  return useMutation({ ...mutationConfig, mutationFn: (input: SignInInput) => signIn(api, input) });
}
