import type { CompiledQuery } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../../db/database.ts';
import { statementTemplate } from '../../../db/statement-template.ts';
import { quotaCountsQuery } from '../../../lib/capacity-quotas.ts';
import { answersEditableUntilQuery, askedQuestionsQuery } from '../../../lib/checkout-questions.ts';
import { waitingTypesQuery } from '../../../lib/waiting-list-state.ts';
import { feeRulesInForceQuery } from '../checkout/fee-rules.repository.ts';
import { orderEventColumns } from '../orders.repository.ts';

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
    // The event's quotas (decision 061): which of them an order's types share, to lock them before its stock.
    jsonArrayFrom(quotaCountsQuery(db, input.eventId)).as('quotas'),
    // The types with people on their waiting lists (decision 063): places they get back are the list's first.
    jsonArrayFrom(waitingTypesQuery(db, input.eventId)).as('waiting'),
    // The questions buyers answer (decision 064), checked before anything is held, and until when answers may change.
    jsonArrayFrom(askedQuestionsQuery(db, input.eventId)).as('questions'),
    jsonObjectFrom(answersEditableUntilQuery(db, input.eventId)).as('questionSettings'),
    // The event's signing key, for its tickets (made on the first read of an event on sale).
    jsonObjectFrom(
      eb
        .selectFrom('event_signing_keys')
        .select('event_signing_keys.private_key')
        .where('event_signing_keys.event_id', '=', input.eventId),
    ).as('signingKey'),
    // The fee rules in force for the event's organiser, per scope (decisions 038, 039): a few rows, the order's
    // currency picks one.
    jsonArrayFrom(
      feeRulesInForceQuery(
        db,
        eb.selectFrom('events').select('events.organization_id').where('events.id', '=', input.eventId).$asScalar(),
      ),
    ).as('rules'),
  ]),
);

/** What the read answers (timestamps inside its JSON come back as ISO strings, whatever the types say). */
export type SaleContextRow = ReturnType<typeof saleContextRead> extends CompiledQuery<infer Row> ? Row : never;
type SaleEventJson = NonNullable<SaleContextRow['event']>;
/** The event as its orders need it, its timestamps Dates again. */
export type SaleEvent = Omit<SaleEventJson, 'starts_at' | 'ends_at'> & { starts_at: Date; ends_at: Date };
export type SaleTicketType = SaleContextRow['types'][number];
export type SaleQuota = SaleContextRow['quotas'][number];
export type SaleQuestion = SaleContextRow['questions'][number];

/**
 * An event's sale context in one round trip: the event, its ticket types and quotas, its questions, its signing key
 * and the fee rule in force.
 */
export async function readSaleContext(db: Db, eventId: string): Promise<SaleContextRow> {
  const { rows } = await db.executeQuery(saleContextRead(db, { eventId }));
  return rows[0] as SaleContextRow;
}
