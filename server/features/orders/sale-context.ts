import { type CompiledQuery, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { BookingFeeRule } from '../../../src/contract/orders.ts';
import type { Db } from '../../db/database.ts';
import { statementTemplate } from '../../db/statement-template.ts';
import { BoundedCache } from '../../lib/bounded-cache.ts';
import { orderEventColumns } from './orders.repository.ts';
import { eventSigningKey } from './ticket-issue.ts';

// What an event's orders are priced and checked with, kept by each instance between orders (decision 018).
// It is a starting point, never the last word: the transaction that places an order refuses it when the
// event's `sale_version` or the fee rule in force has moved on (see saleGuardQuery), and the order is
// priced again from a fresh read.

const saleContextRead = statementTemplate((db, input: { eventId: string }) =>
  db.selectNoFrom((eb) => [
    jsonObjectFrom(
      eb
        .selectFrom('events')
        .innerJoin('organizations', 'organizations.id', 'events.organization_id')
        .select([
          ...orderEventColumns,
          'events.hold_minutes',
          'events.sale_version',
          'organizations.stripe_account_id',
          // For the code mail of a free order, which names the organiser.
          'organizations.name as organizer_name',
        ])
        .where('events.id', '=', input.eventId),
    ).as('event'),
    jsonArrayFrom(eb.selectFrom('ticket_types').selectAll('ticket_types').where('ticket_types.event_id', '=', input.eventId)).as(
      'types',
    ),
    // The event's signing key, for its tickets (made on the first read of an event on sale).
    jsonObjectFrom(
      eb
        .selectFrom('event_signing_keys')
        .select('event_signing_keys.private_key')
        .where('event_signing_keys.event_id', '=', input.eventId),
    ).as('signingKey'),
    jsonObjectFrom(
      eb
        .selectFrom('booking_fee_rules')
        .select(['id', 'percent_basis_points', 'fixed', 'cap_per_ticket'])
        .where('effective_from', '<=', sql<Date>`now()`)
        .orderBy('effective_from', 'desc')
        .orderBy('created_at', 'desc')
        .limit(1),
    ).as('rule'),
  ]),
);

/** What the read answers (timestamps inside its JSON come back as ISO strings, whatever the types say). */
type SaleContextRow = ReturnType<typeof saleContextRead> extends CompiledQuery<infer Row> ? Row : never;
type SaleEventJson = NonNullable<SaleContextRow['event']>;
/** The event as its orders need it, its timestamps Dates again. */
export type SaleEvent = Omit<SaleEventJson, 'starts_at' | 'ends_at'> & { starts_at: Date; ends_at: Date };
export type SaleTicketType = SaleContextRow['types'][number];

export interface SaleContext {
  event: SaleEvent | null;
  types: SaleTicketType[];
  signingKey: { private_key: string } | null;
  /** The booking fee rule in force when read; `id` null when the platform has none (no fee). */
  rule: BookingFeeRule & { id: string | null };
  /** Read for this order, not kept from an earlier one. */
  fresh: boolean;
}

/** Events whose sale contexts one instance keeps, at most. */
const keptEvents = 500;
/** A kept context is read again after this long even if nothing refused it (it only bounds memory). */
const keptForMs = 10 * 60_000;

export type SaleContexts = BoundedCache<string, SaleContext>;
export const newSaleContexts = (): SaleContexts => new BoundedCache(keptEvents);

/** The event's sale context: the one this instance kept, or (when none is kept, or `fresh`) a new read. */
export async function saleContextOf(
  db: Db,
  contexts: SaleContexts,
  eventId: string,
  options: { fresh: boolean },
): Promise<SaleContext> {
  if (!options.fresh) {
    const kept = contexts.get(eventId);
    if (kept) return kept;
  }
  const { rows } = await db.executeQuery(saleContextRead(db, { eventId }));
  const row = rows[0] as SaleContextRow;
  const event = row.event
    ? { ...row.event, starts_at: new Date(row.event.starts_at), ends_at: new Date(row.event.ends_at) }
    : null;
  const rule = row.rule
    ? {
        id: row.rule.id,
        percentBasisPoints: row.rule.percent_basis_points,
        fixed: row.rule.fixed,
        capPerTicket: row.rule.cap_per_ticket,
      }
    : // With no rule the platform charges nothing rather than refusing to sell.
      { id: null, percentBasisPoints: 0, fixed: 0, capPerTicket: null };
  // An event on sale gets its signing key now, so every ticket of every kept checkout can be signed without a read.
  const signingKey =
    row.signingKey ?? (event?.status === 'published' ? { private_key: (await eventSigningKey(db, eventId)).private_key } : null);
  const context: SaleContext = { event, types: row.types, signingKey, rule, fresh: true };
  if (event) contexts.set(eventId, { ...context, fresh: false }, Date.now() + keptForMs);
  else contexts.delete(eventId);
  return context;
}
