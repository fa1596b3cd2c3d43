import type { DiscountCode } from '../../../src/contract/discount-codes.ts';
import type { TicketType } from '../../../src/contract/events.ts';
import { toCsv } from '../../lib/csv.ts';
import { codeSummary } from './code-summary.ts';

const minor = (value: number) => (value / 100).toFixed(2);

/** An event's codes as a spreadsheet: what each does, its limits, its uses and its sales (money in major units). */
export function codesCsv(codes: DiscountCode[], types: TicketType[]): string {
  const currency = types[0]?.currency ?? 'GBP';
  const header = [
    'code',
    'what it does',
    'uses',
    'total uses allowed',
    'uses per buyer',
    'starts',
    'ends',
    'paid orders',
    `revenue (${currency})`,
    `discount given (${currency})`,
    'archived',
    'note',
  ];
  const rows = codes.map((code) => [
    code.code,
    codeSummary(
      {
        kind: code.kind,
        value: code.value,
        per_order: code.perOrder,
        ticket_type_ids: code.ticketTypeIds,
        unlocks_ticket_type_ids: code.unlocksTicketTypeIds,
        min_quantity: code.minQuantity,
      },
      types,
    ),
    String(code.uses),
    code.maxUses === null ? '' : String(code.maxUses),
    code.maxUsesPerBuyer === null ? '' : String(code.maxUsesPerBuyer),
    code.startsAt ?? '',
    code.endsAt ?? '',
    String(code.paidOrders),
    minor(code.revenue),
    minor(code.discounted),
    code.archived ? 'yes' : 'no',
    code.note,
  ]);
  return toCsv(header, rows);
}
