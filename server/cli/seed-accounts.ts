import type { UserType } from '../../src/contract/users.ts';
import type { Db } from '../db/database.ts';
import { findOpenInvitationTo, insertInvitation, insertMember } from '../features/team/team.repository.ts';
import { findUserByEmail, insertOrganizationWithOwner, insertUser } from '../features/users/users.repository.ts';
import { hashPassword } from '../lib/auth/passwords.ts';
import { randomToken, sha256 } from '../lib/auth/secrets.ts';

export interface SeedAccount {
  role: string;
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  isAdmin?: boolean;
}

/** One password for every demo account, printed at start so a person can try each role. */
export const demoPassword = 'admit-demo-2026';

const people: SeedAccount[] = [
  { role: 'admin', email: 'admin@admit.demo', firstName: 'Ada', lastName: 'Admin', userType: 'attendee', isAdmin: true },
  // An administrator for support work: the built-in group at first; narrow them with a group of their own.
  {
    role: 'admin (support)',
    email: 'kit@admit.demo',
    firstName: 'Kit',
    lastName: 'Support',
    userType: 'attendee',
    isAdmin: true,
  },
  { role: 'attendee', email: 'alex@admit.demo', firstName: 'Alex', lastName: 'Morgan', userType: 'attendee' },
];

interface SeedOrganisation {
  name: string;
  owner: { role: string; email: string; firstName: string; lastName: string };
  door?: { role: string; email: string; firstName: string; lastName: string };
  invited?: { email: string; role: 'finance' | 'manager' };
}

/** The demo organisations and their people; seed-organisations.ts writes their profiles and verification. */
export const organisations: SeedOrganisation[] = [
  {
    name: 'Northern Lights Live',
    owner: { role: 'organiser (owner)', email: 'maya@northernlights.demo', firstName: 'Maya', lastName: 'Okafor' },
    door: { role: 'door staff', email: 'door@northernlights.demo', firstName: 'Jonas', lastName: 'Berg' },
    invited: { email: 'priya@northernlights.demo', role: 'finance' },
  },
  {
    name: 'Harbour Arts Collective',
    owner: { role: 'organiser (owner)', email: 'sam@harbourarts.demo', firstName: 'Sam', lastName: 'Patel' },
    door: { role: 'door staff', email: 'door@harbourarts.demo', firstName: 'Rosa', lastName: 'Lindqvist' },
    invited: { email: 'tom@harbourarts.demo', role: 'manager' },
  },
  // New on Admit: its verification waits for an administrator's review.
  {
    name: 'Riverside Folk Club',
    owner: { role: 'organiser (awaiting review)', email: 'lena@riversidefolk.demo', firstName: 'Lena', lastName: 'Marsh' },
  },
];

const demoBirthday = '1990-06-15';

/** Every demo account by role, in the order they are printed. */
export const demoAccounts: ReadonlyArray<{ role: string; email: string }> = [
  ...people,
  ...organisations.flatMap((organisation) => [organisation.owner, ...(organisation.door ? [organisation.door] : [])]),
].map(({ role, email }) => ({ role, email }));

/**
 * Demo accounts: an admin, an attendee, two organisations with an owner and door staff each and one with its owner
 * alone, all with `password` (the published demo password only on a local instance).
 */
export async function seedAccounts(db: Db, password: string): Promise<Array<{ role: string; email: string; password: string }>> {
  const passwordHash = await hashPassword(password);
  const printed: Array<{ role: string; email: string; password: string }> = [];
  /** The account, and the organisation it belongs to, if any. */
  const ensureUser = async (account: SeedAccount): Promise<{ id: string; organizationId: string | null }> => {
    printed.push({ role: account.role, email: account.email, password });
    const existing = await findUserByEmail(db, account.email);
    if (existing) return { id: existing.id, organizationId: existing.organization_id };
    const id = await insertUser(db, {
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash,
      dateOfBirth: demoBirthday,
      userType: account.userType,
      isAdmin: account.isAdmin ?? false,
      emailConfirmedAt: new Date(),
    });
    return { id, organizationId: null };
  };
  for (const person of people) await ensureUser(person);
  for (const organisation of organisations) {
    const owner = await ensureUser({ ...organisation.owner, userType: 'organiser' });
    const organizationId = owner.organizationId ?? (await insertOrganizationWithOwner(db, organisation.name, owner.id));
    if (organisation.door) {
      const door = await ensureUser({ ...organisation.door, userType: 'attendee' });
      // A person belongs to one organisation at most: door staff already in one stay where they are.
      if (!door.organizationId) await insertMember(db, organizationId, door.id, 'door');
    }
    if (organisation.invited) await seedPendingInvitation(db, organizationId, owner.id, organisation.invited);
  }
  return printed;
}

/** An invitation still waiting for its answer, so the team screen looks lived in; nobody holds its link. */
async function seedPendingInvitation(
  db: Db,
  organizationId: string,
  invitedBy: string,
  invited: { email: string; role: 'finance' | 'manager' },
): Promise<void> {
  if (await findOpenInvitationTo(db, organizationId, invited.email)) return;
  await insertInvitation(db, {
    organizationId,
    email: invited.email,
    role: invited.role,
    tokenHash: sha256(randomToken()),
    invitedBy,
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  });
}
