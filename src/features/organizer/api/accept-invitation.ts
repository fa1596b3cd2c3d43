import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AxiosError } from 'axios';
import type { ApiEnvelope } from '#contract/envelope.ts';
import type { AcceptedInvitation } from '#contract/team.ts';
import { apiBase } from '#lib/api-base.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { renewAccessToken } from '#lib/session/access-token.ts';
import { sessionKeys } from '#lib/session/use-session.ts';

/** Silent: the invitation page shows why it could not be accepted. */
export const acceptInvitation = (api: ApiCaller, token: string) =>
  api<AcceptedInvitation>({ method: 'POST', url: `/invitations/${encodeURIComponent(token)}/accept`, silent: true });

export function useAcceptInvitation() {
  const api = useApiCaller();
  const queryClient = useQueryClient();
  return useMutation<AcceptedInvitation, AxiosError<ApiEnvelope>, string>({
    mutationFn: async (token) => {
      const joined = await acceptInvitation(api, token);
      // The access token names the organisation (the organiser area's guard reads it): take a new one now.
      await renewAccessToken(apiBase()).catch(() => undefined);
      return joined;
    },
    // The invitation itself is left as it was: the page shows the welcome, not "already used".
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
