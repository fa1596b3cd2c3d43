import { useFeeRules } from '../api/booking-fees.ts';
import { AddFeeRuleForm, FeeCalculator, FeeRulesTable } from './booking-fee-forms.tsx';
import { AdminCard } from './list-filters.tsx';

/**
 * An organiser's fee plan: its own booking fee rules, which price its orders ahead of the platform's (per currency
 * first, then for every currency), a calculator priced as its orders are, and a rule to add that starts later.
 */
export function OrganiserFeePlan({ organizationId, name }: { organizationId: string; name: string }) {
  const plan = useFeeRules(organizationId);
  const rules = plan.data?.items ?? [];
  const inForce = rules.some((rule) => rule.current);
  return (
    <AdminCard id="fee-plan-title" title="Fee plan">
      <p className="max-w-3xl text-slate-600">
        {inForce
          ? `${name}’s orders are priced by the rules in force below; a currency without one of its own here is priced by the platform’s rules.`
          : `${name} has no rule in force of its own: its orders pay the platform’s booking fees.`}
      </p>
      <FeeRulesTable
        rules={rules}
        loading={plan.isPending}
        error={plan.isError ? 'The fee plan could not be loaded.' : null}
        onRetry={() => void plan.refetch()}
        empty="No plan rule yet."
      />
      <h3 className="font-semibold text-slate-900">Calculator</h3>
      <FeeCalculator rules={rules} organizationId={organizationId} />
      <h3 className="font-semibold text-slate-900">Add a plan rule that starts later</h3>
      <AddFeeRuleForm organizationId={organizationId} />
    </AdminCard>
  );
}
