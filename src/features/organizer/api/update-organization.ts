import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '#contract/envelope.ts';
import type { Organization, UpdateOrganization } from '#contract/users.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { organizerKeys } from '#lib/query-keys/organizer.ts';
import { sessionKeys } from '#lib/session/use-session.ts';

/** Changes the profile (owners and managers); silent, as the form shows the errors beside the fields. */
export const updateOrganization = (
  api: ApiCaller,
  { organizationId, changes }: { organizationId: string; changes: UpdateOrganization },
) =>
  api<Organization>({
    method: 'PATCH',
    url: `/organizations/${encodeURIComponent(organizationId)}`,
    data: changes,
    silent: true,
  });

export function useUpdateOrganization() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation<Organization, AxiosError<ApiEnvelope>, { organizationId: string; changes: UpdateOrganization }>({
    mutationFn: (input) => updateOrganization(api, input),
    onSuccess: (organization) => {
      queryClient.setQueryData(organizerKeys.organization(organization.id), organization);
      // The same record the session holds (name, logo in headers): replaced with the answer, not refetched.
      queryClient.setQueryData(sessionKeys.organization(organization.id), organization);
    },
  });
}
