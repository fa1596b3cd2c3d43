import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

/** A person's newest orders: placed signed in, or as a guest with the account's address. */
export function ordersOfPerson(db: Executor, person: { id: string; email: string }, limit: number) {
  return db
    .selectFrom('orders')
    .innerJoin('events', 'events.id', 'orders.event_id')
    .select([
      'orders.id',
      'orders.reference',
      'orders.status',
      'orders.total',
      'orders.currency',
      'orders.provider',
      'orders.created_at',
      'events.title as event_title',
    ])
    .where((eb) =>
      eb.or([eb('orders.user_id', '=', person.id), eb(sql`lower(orders.buyer_email)`, '=', person.email.toLowerCase())]),
    )
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
}

export function organisationsOfPerson(db: Executor, userId: string) {
  return db
    .selectFrom('organization_members')
    .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
    .select([
      'organizations.id',
      'organizations.name',
      'organizations.kyc_status',
      'organizations.suspended_at',
      'organization_members.role',
    ])
    .where('organization_members.user_id', '=', userId)
    .orderBy('organizations.name')
    .execute();
}

/** A person's newest cases that were opened (a guest's unproven case is not one yet): signed in or with their address. */
export function casesOfPerson(db: Executor, person: { id: string; email: string }, limit: number) {
  return db
    .selectFrom('help_cases')
    .select(['id', 'reference', 'subject', 'state', 'created_at'])
    .where('state', '!=', 'unconfirmed')
    .where((eb) => eb.or([eb('user_id', '=', person.id), eb(sql`lower(email)`, '=', person.email.toLowerCase())]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
