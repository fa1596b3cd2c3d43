import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '#contract/envelope.ts';
import type { Team } from '#contract/team.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

interface RemoveInput {
  organizationId: string;
  userId: string;
}

/** Silent: a refusal is shown on the member's row. */
export const removeMember = (api: ApiCaller, { organizationId, userId }: RemoveInput) =>
  api<Record<string, never>>({
    method: 'DELETE',
    url: `/organizations/${encodeURIComponent(organizationId)}/members/${encodeURIComponent(userId)}`,
    silent: true,
  });

export function useRemoveMember() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation<Record<string, never>, AxiosError<ApiEnvelope>, RemoveInput>({
    mutationFn: (input) => removeMember(api, input),
    onSuccess: (_result, { organizationId, userId }) => {
      queryClient.setQueryData<Team>(organizerKeys.team(organizationId), (team) =>
        team ? { ...team, members: team.members.filter((entry) => entry.userId !== userId) } : team,
      );
    },
    onSettled: (_result, _error, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizerKeys.team(organizationId) }),
  });
}
