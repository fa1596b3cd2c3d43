import { codeSentence } from '../../../src/contract/discount-code-summary.ts';
import type { TicketType } from '../../../src/contract/events.ts';
import type { DiscountCodeRow } from './discount-codes.repository.ts';

/** What a code does, in the sentence a buyer reads beside it, priced in its ticket types' currency. */
export function codeSummary(
  row: Pick<DiscountCodeRow, 'kind' | 'value' | 'per_order' | 'ticket_type_ids' | 'unlocks_ticket_type_ids' | 'min_quantity'>,
  types: TicketType[],
): string {
  const named = types.find((type) => row.ticket_type_ids.includes(type.id));
  const terms = {
    kind: row.kind,
    value: row.value,
    perOrder: row.per_order,
    minQuantity: row.min_quantity,
    ticketTypeIds: row.ticket_type_ids,
    unlocksTicketTypeIds: row.unlocks_ticket_type_ids,
  };
  return codeSentence(terms, types, (named ?? types[0])?.currency ?? 'GBP');
}
