import { randomInt } from 'node:crypto';
import {
  type AppliedCode,
  type CreateDiscountCode,
  codeTextSchema,
  type DiscountCode,
  type DiscountCodeList,
  type DiscountCodeRules,
  discountCodeProblems,
  type GenerateDiscountCodes,
  type UpdateDiscountCode,
} from '../../../src/contract/discount-codes.ts';
import { type CodeRefusal, codeRefusals, normaliseCode, type PricingCode } from '../../../src/contract/discount-pricing.ts';
import type { TicketType } from '../../../src/contract/events.ts';
import type { Db, Executor } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import { quotaCountsOf } from '../../lib/capacity-quotas.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { toTicketType } from '../../lib/ticket-type-view.ts';
import { waitingStateOf } from '../../lib/waiting-list-state.ts';
import { requirePermission } from '../organizations/organizations.service.ts';
import { codeSummary } from './code-summary.ts';
import {
  allCodesOf,
  codeUseQuery,
  type DiscountCodeRow,
  type DiscountCodeValues,
  type DiscountCodeWithSales,
  deleteUnusedCode,
  eventOfCodes,
  findCode,
  findCodeWithSales,
  insertCodes,
  listCodes,
  ticketTypesOfEvent,
  updateCode,
} from './discount-codes.repository.ts';

export { codeUseQuery, type DiscountCodeRow, type DiscountCodeWithSales };

/** The event's ticket types for the members who may edit it (codes are made for them); others get 403 or 404. */
async function ticketTypesForEditor(db: Db, eventId: string, userId: string) {
  const event = await eventOfCodes(db, eventId);
  if (!event) throw notFound('That event');
  await requirePermission(db, event.organization_id, userId, 'events.edit', 'That event');
  const now = new Date();
  const [types, quotas] = await Promise.all([ticketTypesOfEvent(db, eventId), quotaCountsOf(db, eventId)]);
  return { title: event.title, types: types.map((type) => toTicketType(type, now, quotas)) };
}

/** An event's ticket types, hidden ones included, as a buyer with a code sees them; null unless it is on sale. */
async function ticketTypesForBuyer(db: Db, eventId: string) {
  const event = await eventOfCodes(db, eventId);
  if (event?.status !== 'published') return null;
  const now = new Date();
  const [types, quotas, waiting] = await Promise.all([
    ticketTypesOfEvent(db, eventId),
    quotaCountsOf(db, eventId),
    waitingStateOf(db, eventId),
  ]);
  return types.map((type) => toTicketType(type, now, quotas, waiting));
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toDiscountCode(row: DiscountCodeWithSales): DiscountCode {
  return {
    id: row.id,
    eventId: row.event_id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    perOrder: row.per_order,
    ticketTypeIds: row.ticket_type_ids,
    unlocksTicketTypeIds: row.unlocks_ticket_type_ids,
    maxUses: row.max_uses,
    maxUsesPerBuyer: row.max_uses_per_buyer,
    minQuantity: row.min_quantity,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    note: row.note,
    uses: row.uses,
    paidOrders: Number(row.paid_orders),
    revenue: Number(row.revenue),
    discounted: Number(row.discounted),
    archived: row.archived_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

const fieldError = (path: string, message: string) => new HttpError('BAD_REQUEST', message, [{ path: `body.${path}`, message }]);

/** The settings checked against the event's ticket types: the types it names are the event's, unlocked ones hidden. */
function checkedValues(rules: DiscountCodeRules, types: TicketType[]): DiscountCodeValues {
  const [problem] = discountCodeProblems(rules);
  if (problem) throw fieldError(problem.path, problem.message);
  const known = new Set(types.map((type) => type.id));
  if (rules.ticketTypeIds.some((id) => !known.has(id))) {
    throw fieldError('ticketTypeIds', 'Choose ticket types of this event.');
  }
  const hidden = new Set(types.filter((type) => type.hidden).map((type) => type.id));
  if (rules.unlocksTicketTypeIds.some((id) => !hidden.has(id))) {
    throw fieldError('unlocksTicketTypeIds', 'A code can only show ticket types that are hidden from the event page.');
  }
  const currencies = new Set(
    types.filter((type) => rules.ticketTypeIds.length === 0 || rules.ticketTypeIds.includes(type.id)).map((t) => t.currency),
  );
  if ((rules.kind === 'amount' || rules.kind === 'price') && currencies.size > 1) {
    throw fieldError('ticketTypeIds', 'An amount is in one currency: choose ticket types priced in the same currency.');
  }
  return {
    kind: rules.kind,
    value: rules.kind === null ? null : rules.value,
    per_order: rules.perOrder,
    ticket_type_ids: rules.ticketTypeIds,
    unlocks_ticket_type_ids: rules.unlocksTicketTypeIds,
    max_uses: rules.maxUses,
    max_uses_per_buyer: rules.maxUsesPerBuyer,
    min_quantity: rules.minQuantity,
    starts_at: rules.startsAt,
    ends_at: rules.endsAt,
    note: rules.note,
    archived_at: null,
  };
}

const audit = (db: Executor, userId: string, action: string, codeId: string | null, details: Record<string, unknown>) =>
  recordAudit(db, {
    actorId: userId,
    action: `discount_code.${action}`,
    subjectType: 'discount_code',
    subjectId: codeId,
    details,
  });

export async function listDiscountCodes(
  db: Db,
  userId: string,
  eventId: string,
  query: { search?: string; archived?: 'true' | 'false'; page: number; pageSize: number },
): Promise<DiscountCodeList> {
  await ticketTypesForEditor(db, eventId, userId);
  const { rows, total } = await listCodes(db, eventId, {
    search: query.search,
    archived: query.archived === 'true',
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toDiscountCode), total };
}

export async function createDiscountCode(
  db: Db,
  userId: string,
  eventId: string,
  input: CreateDiscountCode,
): Promise<DiscountCode> {
  const { types } = await ticketTypesForEditor(db, eventId, userId);
  const values = checkedValues(input, types);
  return db.transaction().execute(async (trx) => {
    const [row] = await insertCodes(trx, [{ ...values, event_id: eventId, code: input.code, created_by: userId }]);
    if (!row)
      throw new HttpError('CONFLICT', `This event has a code ${input.code} already.`, [
        { path: 'body.code', message: `This event has a code ${input.code} already.` },
      ]);
    await audit(trx, userId, 'created', row.id, { code: row.code, kind: row.kind, value: row.value });
    return toDiscountCode({ ...row, paid_orders: 0, revenue: 0, discounted: 0 });
  });
}

/** Unambiguous characters (no 0/O, 1/I/L), so a code read from paper is typed right. */
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomCode = (prefix: string) =>
  `${prefix}${prefix && !prefix.endsWith('-') ? '-' : ''}${Array.from({ length: 8 }, () => codeAlphabet[randomInt(codeAlphabet.length)]).join('')}`;

/** Makes `count` new codes with the same settings; answers their text, for the organiser to hand out. */
export async function generateDiscountCodes(
  db: Db,
  userId: string,
  eventId: string,
  input: GenerateDiscountCodes,
): Promise<{ codes: string[] }> {
  const { types } = await ticketTypesForEditor(db, eventId, userId);
  const values = checkedValues(input, types);
  return db.transaction().execute(async (trx) => {
    const codes: string[] = [];
    // 31⁸ codes per prefix: a clash with a code the event has is rare, and the missing ones are drawn again.
    for (let round = 0; codes.length < input.count && round < 5; round += 1) {
      const wanted = new Set<string>();
      while (wanted.size < input.count - codes.length) wanted.add(randomCode(input.prefix));
      const rows = [...wanted].map((code) => ({ ...values, event_id: eventId, code, created_by: userId }));
      for (const row of await insertCodes(trx, rows)) codes.push(row.code);
    }
    await audit(trx, userId, 'generated', null, { eventId, count: codes.length, prefix: input.prefix, kind: values.kind });
    return { codes: codes.sort() };
  });
}

/**
 * Codes from a CSV whose first column is the code (a header row naming it is skipped), each with the same settings.
 * Answers how many were written and, by line, the ones that were not (a bad code, or one the event has already).
 */
export async function importDiscountCodes(
  db: Db,
  userId: string,
  eventId: string,
  input: DiscountCodeRules & { csv: string },
): Promise<{ created: number; skipped: { line: number; code: string; reason: string }[] }> {
  const { types } = await ticketTypesForEditor(db, eventId, userId);
  const values = checkedValues(input, types);
  const skipped: { line: number; code: string; reason: string }[] = [];
  const wanted = new Map<string, number>();
  for (const [index, line] of input.csv.split(/\r?\n/).entries()) {
    const cell = (line.split(',')[0] ?? '').replace(/^"|"$/g, '').trim();
    if (!cell || (index === 0 && /^code$/i.test(cell))) continue;
    const parsed = codeTextSchema.safeParse(cell);
    if (!parsed.success) skipped.push({ line: index + 1, code: cell, reason: parsed.error.issues[0]?.message ?? 'Not a code.' });
    else if (wanted.has(parsed.data)) skipped.push({ line: index + 1, code: cell, reason: 'The file has this code twice.' });
    else wanted.set(parsed.data, index + 1);
  }
  if (wanted.size > 5000) throw fieldError('csv', 'Import at most 5,000 codes at once.');
  if (wanted.size === 0 && skipped.length === 0) throw fieldError('csv', 'The file has no codes: put one code on each line.');
  return db.transaction().execute(async (trx) => {
    const rows = [...wanted.keys()].map((code) => ({ ...values, event_id: eventId, code, created_by: userId }));
    const written = new Set((await insertCodes(trx, rows)).map((row) => row.code));
    for (const [code, line] of wanted) {
      if (!written.has(code)) skipped.push({ line, code, reason: 'This event has this code already.' });
    }
    await audit(trx, userId, 'imported', null, { eventId, count: written.size, skipped: skipped.length });
    return { created: written.size, skipped: skipped.sort((a, b) => a.line - b.line) };
  });
}

async function codeOfEvent(db: Db, userId: string, eventId: string, codeId: string) {
  const { types } = await ticketTypesForEditor(db, eventId, userId);
  const row = await findCodeWithSales(db, codeId);
  if (!row || row.event_id !== eventId) throw notFound('That code');
  return { row, types };
}

export async function changeDiscountCode(
  db: Db,
  userId: string,
  eventId: string,
  codeId: string,
  input: UpdateDiscountCode,
): Promise<DiscountCode> {
  const { row, types } = await codeOfEvent(db, userId, eventId, codeId);
  const values = { ...checkedValues(input, types), archived_at: input.archived ? (row.archived_at ?? new Date()) : null };
  await db.transaction().execute(async (trx) => {
    await updateCode(trx, codeId, values);
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(row[key as keyof typeof row])),
    );
    await audit(trx, userId, input.archived && !row.archived_at ? 'archived' : 'changed', codeId, { code: row.code, changed });
  });
  return toDiscountCode((await findCodeWithSales(db, codeId)) as DiscountCodeWithSales);
}

export async function deleteDiscountCode(db: Db, userId: string, eventId: string, codeId: string): Promise<void> {
  const { row } = await codeOfEvent(db, userId, eventId, codeId);
  await db.transaction().execute(async (trx) => {
    if (!(await deleteUnusedCode(trx, codeId))) {
      throw new HttpError('CONFLICT', 'Orders were placed with this code, so it stays in their history: archive it instead.');
    }
    await audit(trx, userId, 'deleted', codeId, { code: row.code });
  });
}

export async function discountCodesForExport(db: Db, userId: string, eventId: string) {
  const { title, types } = await ticketTypesForEditor(db, eventId, userId);
  return { title, types, codes: (await allCodesOf(db, eventId)).map(toDiscountCode) };
}

/** Why a code cannot be used now (its total uses are judged again when the order is placed), or null. */
export function codeRefusal(row: DiscountCodeRow, now: Date): CodeRefusal | null {
  if (row.archived_at !== null) return 'unknown';
  if (row.starts_at !== null && new Date(row.starts_at) > now) return 'not_yet';
  if (row.ends_at !== null && new Date(row.ends_at) <= now) return 'ended';
  if (row.max_uses !== null && row.uses >= row.max_uses) return 'used_up';
  return null;
}

/** The answer for a code that cannot be used, naming the field it came in (an order's body, or the check's query). */
export const codeRefused = (reason: CodeRefusal, path = 'body.code') =>
  new HttpError(reason === 'unknown' ? 'NOT_FOUND' : 'CONFLICT', codeRefusals[reason], [{ path, message: codeRefusals[reason] }]);

/** What the shared arithmetic (discountedLines) reads of a code. */
export const pricingCodeOf = (row: DiscountCodeRow): PricingCode => ({
  kind: row.kind,
  value: row.value,
  perOrder: row.per_order,
  ticketTypeIds: row.ticket_type_ids,
  minQuantity: row.min_quantity,
});

/** The event's code with this text as an order uses it, or null when the event has none. */
export async function codeForOrder(db: Executor, eventId: string, code: string): Promise<DiscountCodeRow | null> {
  return (await findCode(db, eventId, normaliseCode(code))) ?? null;
}

/** What a buyer who typed `code` for the event learns: what it takes off and the hidden tickets it shows. */
export async function appliedCode(db: Db, eventId: string, code: string): Promise<AppliedCode> {
  const [row, types] = await Promise.all([codeForOrder(db, eventId, code), ticketTypesForBuyer(db, eventId)]);
  if (!row || !types) throw codeRefused('unknown', 'query.code');
  const refusal = codeRefusal(row, new Date());
  if (refusal) throw codeRefused(refusal, 'query.code');
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    perOrder: row.per_order,
    ticketTypeIds: row.ticket_type_ids,
    minQuantity: row.min_quantity,
    unlocked: types.filter((type) => row.unlocks_ticket_type_ids.includes(type.id)),
    summary: codeSummary(row, types),
  };
}
