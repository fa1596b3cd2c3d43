import { sql } from 'kysely';
import type { KycStatus } from '../../../src/contract/users.ts';
import type { Executor } from '../../db/database.ts';
import { type KeysetPosition, keysetTime, pastPosition } from '../../db/keyset.ts';
import { escapeLike as like } from './admin-lists.repository.ts';

const selectOrganisers = (db: Executor) =>
  db.selectFrom('organizations as o').select((eb) => [
    'o.id',
    'o.name',
    'o.kyc_status',
    'o.payouts_enabled',
    'o.suspended_at',
    'o.suspension_reason',
    'o.created_at',
    'o.description',
    'o.city',
    'o.contact_email',
    'o.website',
    eb
      .selectFrom('organization_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('u.email')
      .whereRef('m.organization_id', '=', 'o.id')
      .where('m.role', '=', 'owner')
      .orderBy('m.created_at')
      .limit(1)
      .as('owner_email'),
    eb
      .selectFrom('organization_members as m')
      .select((inner) => inner.fn.countAll<string>().as('n'))
      .whereRef('m.organization_id', '=', 'o.id')
      .as('members'),
    eb
      .selectFrom('events as e')
      .select((inner) => inner.fn.countAll<string>().as('n'))
      .whereRef('e.organization_id', '=', 'o.id')
      .as('events'),
  ]);
export type OrganiserRow = Awaited<ReturnType<typeof findOrganiser>> & {};

/** Organisers, newest first; `q` is part of the name or a prefix of an owner's email; `status` the verification state. */
export function searchOrganisers(
  db: Executor,
  filter: { q?: string | undefined; status?: KycStatus | undefined },
  after: KeysetPosition | null,
  limit: number,
) {
  let query = selectOrganisers(db);
  if (filter.status) query = query.where('o.kyc_status', '=', filter.status);
  if (filter.q) {
    const lowered = like(filter.q.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['o.name']), 'like', `%${lowered}%`),
        eb.exists(
          eb
            .selectFrom('organization_members as m')
            .innerJoin('users as u', 'u.id', 'm.user_id')
            .select(sql`1`.as('one'))
            .whereRef('m.organization_id', '=', 'o.id')
            .where(sql`lower(u.email)`, 'like', `${lowered}%`),
        ),
      ]),
    );
  }
  if (after) query = query.where(pastPosition(['o.created_at', 'o.id'], '<', after));
  return query
    .select(keysetTime('o.created_at').as('position_at'))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

export function findOrganiser(db: Executor, organizationId: string) {
  return selectOrganisers(db).where('o.id', '=', organizationId).executeTakeFirst();
}

export function organiserHistory(db: Executor, organizationId: string, limit: number) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select(['a.created_at', 'a.action', 'a.details', 'u.email as actor_email'])
    .where('a.subject_type', '=', 'organization')
    .where('a.subject_id', '=', organizationId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

export function lockOrganiser(db: Executor, organizationId: string) {
  return db
    .selectFrom('organizations')
    .select(['id', 'name', 'suspended_at'])
    .where('id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setSuspension(db: Executor, organizationId: string, suspension: { at: Date; reason: string } | null) {
  await db
    .updateTable('organizations')
    .set({ suspended_at: suspension?.at ?? null, suspension_reason: suspension?.reason ?? null })
    .where('id', '=', organizationId)
    .execute();
}

/** Everyone in the organisation, to be told of a suspension. */
export function membersToTell(db: Executor, organizationId: string) {
  return db
    .selectFrom('organization_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.email', 'u.first_name'])
    .where('m.organization_id', '=', organizationId)
    .execute();
}
