import type { MemberRole } from '../../../contract/users.ts';
import { useSession } from '../../../lib/session/use-session.ts';

const editorRoles: readonly MemberRole[] = ['owner', 'manager'];

/**
 * Whether the member may change events and the profile. Shown optimistically while the member is
 * still loading: the API refuses everyone else anyway.
 */
export function useCanEdit(): boolean {
  const { user } = useSession();
  return user?.organizationRole ? editorRoles.includes(user.organizationRole) : user === null;
}
