import type { Selectable } from 'kysely';
import type { MemberRole, Platform, User } from '../../src/contract/users.ts';
import type { UsersTable } from '../db/types.ts';

/** An account as the API shows it: its row with its organisation membership, null when it has none. */
export type AccountRow = Pick<
  Selectable<UsersTable>,
  'id' | 'email' | 'first_name' | 'last_name' | 'date_of_birth' | 'user_type' | 'is_admin' | 'email_confirmed_at' | 'created_at'
> & { organization_id: string | null; role: MemberRole | null };

/** The roles a user holds in the product, for the `platforms` cookie and the token. */
export function platformsOf(row: Pick<AccountRow, 'user_type' | 'is_admin' | 'organization_id'>): Platform[] {
  const platforms: Platform[] = ['attendee'];
  if (row.user_type === 'organiser' || row.organization_id) platforms.push('organiser');
  if (row.is_admin) platforms.push('admin');
  return platforms;
}

const toUnixSeconds = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / 1000);

function isoDateOf(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

export function toUser(row: AccountRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: toUnixSeconds(isoDateOf(row.date_of_birth)),
    userType: row.user_type,
    platforms: platformsOf(row),
    emailConfirmed: row.email_confirmed_at !== null,
    organizationId: row.organization_id ?? null,
    organizationRole: row.role ?? null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
