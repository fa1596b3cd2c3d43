import type { Executor } from '../../db/database.ts';

/** The fee rules, latest start first: the platform's and every plan's, or one organiser's plan. */
export function feeRules(db: Executor, organizationId?: string) {
  let query = db
    .selectFrom('booking_fee_rules as r')
    .leftJoin('organizations as g', 'g.id', 'r.organization_id')
    .select([
      'r.id',
      'r.organization_id',
      'g.name as organization_name',
      'r.currency',
      'r.percent_basis_points',
      'r.fixed',
      'r.cap_per_ticket',
      'r.min_per_ticket',
      'r.effective_from',
      'r.created_at',
    ]);
  if (organizationId) query = query.where('r.organization_id', '=', organizationId);
  return query.orderBy('r.effective_from', 'desc').orderBy('r.created_at', 'desc').limit(200).execute();
}
