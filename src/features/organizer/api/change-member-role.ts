import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '#contract/envelope.ts';
import type { Team, TeamMember } from '#contract/team.ts';
import type { MemberRole } from '#contract/users.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

interface ChangeRoleInput {
  organizationId: string;
  userId: string;
  role: MemberRole;
}

/** Silent: a refusal is shown on the member's row. */
export const changeMemberRole = (api: ApiCaller, { organizationId, userId, role }: ChangeRoleInput) =>
  api<TeamMember>({
    method: 'PATCH',
    url: `/organizations/${encodeURIComponent(organizationId)}/members/${encodeURIComponent(userId)}`,
    data: { role },
    silent: true,
  });

export function useChangeMemberRole() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation<TeamMember, AxiosError<ApiEnvelope>, ChangeRoleInput>({
    mutationFn: (input) => changeMemberRole(api, input),
    onSuccess: (member, { organizationId }) => {
      queryClient.setQueryData<Team>(organizerKeys.team(organizationId), (team) =>
        team ? { ...team, members: team.members.map((entry) => (entry.userId === member.userId ? member : entry)) } : team,
      );
    },
    onSettled: (_member, _error, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizerKeys.team(organizationId) }),
  });
}
