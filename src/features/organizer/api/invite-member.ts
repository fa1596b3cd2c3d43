import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '../../../contract/envelope.ts';
import type { InviteMember, PendingInvitation } from '../../../contract/team.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizerKeys } from '../../../lib/query-keys/organizer.ts';

interface InviteInput {
  organizationId: string;
  invitation: InviteMember;
}

/** Silent: the form shows a refusal beside its fields. */
export const inviteMember = ({ organizationId, invitation }: InviteInput) =>
  apiRequest<PendingInvitation>({
    method: 'POST',
    url: `/organizations/${encodeURIComponent(organizationId)}/invitations`,
    data: invitation,
    silent: true,
  });

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation<PendingInvitation, AxiosError<ApiEnvelope>, InviteInput>({
    mutationFn: inviteMember,
    onSuccess: (_invitation, { organizationId }) =>
      queryClient.invalidateQueries({ queryKey: organizerKeys.team(organizationId) }),
  });
}
