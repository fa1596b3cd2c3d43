import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '../../../contract/envelope.ts';
import type { Organization, UpdateOrganization } from '../../../contract/users.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { organizerKeys } from '../../../lib/query-keys/organizer.ts';
import { sessionKeys } from '../../../lib/session/use-session.ts';

/** Changes the profile (owners and managers); silent, as the form shows the errors beside the fields. */
export const updateOrganization = ({ organizationId, changes }: { organizationId: string; changes: UpdateOrganization }) =>
  apiRequest<Organization>({
    method: 'PATCH',
    url: `/organizations/${encodeURIComponent(organizationId)}`,
    data: changes,
    silent: true,
  });

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation<Organization, AxiosError<ApiEnvelope>, { organizationId: string; changes: UpdateOrganization }>({
    mutationFn: updateOrganization,
    onSuccess: (organization) => {
      queryClient.setQueryData(organizerKeys.organization(organization.id), organization);
      // The same record the session holds (name, logo in headers): replaced with the answer, not refetched.
      queryClient.setQueryData(sessionKeys.organization(organization.id), organization);
    },
  });
}
