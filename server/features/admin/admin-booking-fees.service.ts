/** The admin console's booking fees: the rules' append-only history, adding a rule, pricing a sample order. */
import type { FeeQuote, FeeQuoteRequest, FeeRule, NewFeeRule } from '../../../src/contract/admin-sales.ts';
import { feeRuleFor, noBookingFee, orderAmounts } from '../../../src/contract/booking-fee.ts';
import type { Db } from '../../db/database.ts';
import { recordAudit } from '../../lib/audit-log.ts';
import type { AccessClaims } from '../../lib/auth/access-tokens.ts';
import { toFeeRule } from '../../lib/booking-fee-rules.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { requirePermission, requireSensitivePermission } from './admin-access.service.ts';
import { feeRules } from './admin-booking-fees.repository.ts';
import { findOrganiser } from './admin-organisers.repository.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

async function ruleList(db: Db, organizationId?: string): Promise<FeeRule[]> {
  const rows = await feeRules(db, organizationId);
  const now = Date.now();
  // In force: per scope (an organiser's plan or the platform; a currency or every currency), the latest that has
  // started (ties: the latest written), as checkout reads it.
  const current = new Set<string>();
  const scopes = new Set<string>();
  for (const row of rows) {
    const scope = `${row.organization_id ?? ''}|${row.currency ?? ''}`;
    if (scopes.has(scope) || new Date(row.effective_from).getTime() > now) continue;
    scopes.add(scope);
    current.add(row.id);
  }
  return rows.map((row) => ({
    ...toFeeRule(row),
    organizationName: row.organization_name,
    effectiveFrom: iso(row.effective_from),
    createdAt: iso(row.created_at),
    current: current.has(row.id),
  }));
}

export async function listFeeRules(
  db: Db,
  caller: AccessClaims,
  query: { organization?: string | undefined } = {},
): Promise<FeeRule[]> {
  await requirePermission(db, caller, 'fees.manage');
  return ruleList(db, query.organization);
}

/** Adds a rule that starts later (the history is append-only: a rule is never changed or removed). */
export async function addFeeRule(db: Db, caller: AccessClaims, input: NewFeeRule): Promise<FeeRule[]> {
  const actorId = await requireSensitivePermission(db, caller, 'fees.manage');
  const from = new Date(input.effectiveFrom);
  if (from.getTime() <= Date.now() + 60_000) {
    const message = 'A new rule must start in the future (at least a minute from now).';
    throw new HttpError('BAD_REQUEST', message, [{ path: 'body.effectiveFrom', message }]);
  }
  if (input.capPerTicket !== null && input.capPerTicket < Math.max(input.fixed, input.minPerTicket ?? 0)) {
    const message = 'The cap per ticket cannot be below the fixed amount or the minimum.';
    throw new HttpError('BAD_REQUEST', message, [{ path: 'body.capPerTicket', message }]);
  }
  const organizationId = input.organizationId ?? null;
  if (organizationId !== null && !(await findOrganiser(db, organizationId))) throw notFound('That organiser');
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('booking_fee_rules')
      .values({
        percent_basis_points: input.percentBasisPoints,
        fixed: input.fixed,
        cap_per_ticket: input.capPerTicket,
        min_per_ticket: input.minPerTicket,
        currency: input.currency,
        organization_id: organizationId,
        effective_from: from,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId,
      action: 'admin.fee_rule_added',
      // A plan rule is part of the organiser's history; a platform rule is its own object.
      ...(organizationId
        ? { subjectType: 'organization', subjectId: organizationId }
        : { subjectType: 'booking_fee_rule', subjectId: row.id }),
      details: {
        ruleId: row.id,
        reason: input.reason,
        after: {
          percentBasisPoints: input.percentBasisPoints,
          fixed: input.fixed,
          capPerTicket: input.capPerTicket,
          minPerTicket: input.minPerTicket,
          currency: input.currency,
          organizationId,
          effectiveFrom: from.toISOString(),
        },
      },
    });
  });
  return ruleList(db, organizationId ?? undefined);
}

/** What a buyer pays and the organiser receives for a sample order, by the function checkout prices with. */
export async function quoteFee(db: Db, caller: AccessClaims, input: FeeQuoteRequest): Promise<FeeQuote> {
  await requirePermission(db, caller, 'fees.manage');
  const rules = await ruleList(db);
  const rule = input.ruleId
    ? rules.find((one) => one.id === input.ruleId)
    : feeRuleFor(
        rules.filter((one) => one.current),
        input.currency,
        input.organizationId ?? null,
      );
  if (input.ruleId && !rule) throw notFound('That fee rule');
  if (rule?.currency && rule.currency !== input.currency) {
    const message = `That rule prices ${rule.currency} tickets; choose ${rule.currency} or another rule.`;
    throw new HttpError('BAD_REQUEST', message, [{ path: 'body.currency', message }]);
  }
  const amounts = orderAmounts(rule ?? noBookingFee, input.lines);
  return { ruleId: rule?.id ?? null, ...amounts, organiserReceives: amounts.subtotal };
}
