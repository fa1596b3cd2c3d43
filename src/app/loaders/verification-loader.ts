import type { RouteContext } from '#app/route-context.ts';
import { can } from '#contract/permissions.ts';
import type { User } from '#contract/users.ts';
import { prefetchMember } from '#features/organizer/api/prefetch-member.ts';
import { verificationQueryOptions } from '#features/verification/api/verification.ts';
import { sessionKeys } from '#lib/session/use-session.ts';

/**
 * The loader of the pages about the organisation's verification: owners get the verification with the page; other
 * members get the page's explanation (the API would say 403).
 */
export function createVerificationLoader({ queryClient, api, session }: RouteContext) {
  return async () => {
    const { organizationId, authId } = session();
    if (!organizationId || !authId) return null;
    await prefetchMember(queryClient, api, authId);
    const user = queryClient.getQueryData<User>(sessionKeys.user(authId));
    if (can(user?.organizationRole, 'verification.manage')) {
      await queryClient.prefetchQuery(verificationQueryOptions(api, organizationId)).catch(() => undefined);
    }
    return null;
  };
}
