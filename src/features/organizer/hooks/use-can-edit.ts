import { can } from '#contract/permissions.ts';
import { useSession } from '#lib/session/use-session.ts';

/**
 * Whether the member may change events and the profile. Shown optimistically while the member is
 * still loading: the API refuses everyone else anyway.
 */
export function useCanEdit(): boolean {
  const { user } = useSession();
  return user?.organizationRole ? can(user.organizationRole, 'events.edit') : user === null;
}
