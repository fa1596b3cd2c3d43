import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '#contract/envelope.ts';
import type { UpdateUser, User } from '#contract/users.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { sessionKeys } from '#lib/session/use-session.ts';

export interface UpdateUserInput {
  id: string;
  data: UpdateUser;
}

/** Changes the name or date of birth; answers the whole user. */
export const updateUser = (
  api: ApiCaller,
  { id, data }: UpdateUserInput,
  { silent = false }: { silent?: boolean } = {},
): Promise<User> => api<User>({ method: 'PATCH', url: `/users/${id}`, data, silent });

interface UseUpdateUserOptions {
  /** Leave the error to the page (shown beside the form) instead of a toast. */
  silent?: boolean;
  mutationConfig?: Omit<UseMutationOptions<User, AxiosError<ApiEnvelope>, UpdateUserInput>, 'mutationFn'>;
}

export function useUpdateUser({ silent = false, mutationConfig }: UseUpdateUserOptions = {}) {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: (input: UpdateUserInput) => updateUser(api, input, { silent }),
    onSuccess: (...args) => {
      const user = args[0];
      // The answer is the saved user: no need to fetch it again.
      queryClient.setQueryData(sessionKeys.user(user.id), user);
      return onSuccess?.(...args);
    },
  });
}
