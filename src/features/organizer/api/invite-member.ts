import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '#contract/envelope.ts';
import type { InviteMember, PendingInvitation } from '#contract/team.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';

interface InviteInput {
  organizationId: string;
  invitation: InviteMember;
}

/** Silent: the form shows a refusal beside its fields. */
export const inviteMember = (api: ApiCaller, { organizationId, invitation }: InviteInput) =>
  api<PendingInvitation>({
    method: 'POST',
    url: `/organizations/${encodeURIComponent(organizationId)}/invitations`,
    data: invitation,
    silent: true,
  });

export function useInviteMember() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation<PendingInvitation, AxiosError<ApiEnvelope>, InviteInput>({
    mutationFn: (input) => inviteMember(api, input),
    onSuccess: (_invitation, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizerKeys.team(organizationId) }),
  });
}
