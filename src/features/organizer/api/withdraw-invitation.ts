import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '#contract/envelope.ts';
import type { Team } from '#contract/team.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

interface WithdrawInput {
  organizationId: string;
  invitationId: string;
}

/** Silent: a refusal is shown on the invitation's row. */
export const withdrawInvitation = (api: ApiCaller, { organizationId, invitationId }: WithdrawInput) =>
  api<Record<string, never>>({
    method: 'DELETE',
    url: `/organizations/${encodeURIComponent(organizationId)}/invitations/${encodeURIComponent(invitationId)}`,
    silent: true,
  });

export function useWithdrawInvitation() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation<Record<string, never>, AxiosError<ApiEnvelope>, WithdrawInput>({
    mutationFn: (input) => withdrawInvitation(api, input),
    onSuccess: (_result, { organizationId, invitationId }) => {
      queryClient.setQueryData<Team>(organizerKeys.team(organizationId), (team) =>
        team ? { ...team, invitations: team.invitations.filter((entry) => entry.id !== invitationId) } : team,
      );
    },
    onSettled: (_result, _error, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizerKeys.team(organizationId) }),
  });
}
