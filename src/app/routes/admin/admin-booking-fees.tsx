import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { feeRulesOptions, useFeeRules } from '#features/admin/api/booking-fees.ts';
import { accessQueryOptions, useAdminCan } from '#features/admin/api/get-access.ts';
import { AdminHeader, AdminPage, NotAllowed } from '#features/admin/components/admin-page.tsx';
import { AddFeeRuleForm, FeeCalculator, FeeRulesTable } from '#features/admin/components/booking-fee-forms.tsx';
import { AdminCard } from '#features/admin/components/list-filters.tsx';

export function createLoader({ queryClient, api }: RouteContext) {
  return async () => {
    const access = await queryClient.fetchQuery(accessQueryOptions(api)).catch(() => null);
    if (access?.permissions.includes('fees.manage')) await queryClient.prefetchQuery(feeRulesOptions(api));
    return null;
  };
}

export function Component() {
  const can = useAdminCan();
  const allowed = can('fees.manage');
  const rules = useFeeRules();
  const items = rules.data?.items ?? [];
  return (
    <AdminPage>
      <PageMeta title="Booking fees" description="The platform’s booking fee rules." noIndex />
      <AdminHeader
        title="Booking fees"
        intro="What buyers pay the platform on each paid ticket, per currency: a percentage plus a fixed amount, raised to a minimum and capped per ticket. Rules are never changed: a new one starts later and replaces the one before for its currency. An organiser with a fee plan of its own (set on its page) pays by its plan instead."
      />
      {!allowed ? (
        <NotAllowed what="managing booking fees" />
      ) : (
        <>
          <AdminCard id="rules-title" title="Rules, latest start first">
            <FeeRulesTable
              rules={items}
              loading={rules.isPending}
              error={rules.isError ? 'The rules could not be loaded.' : null}
              onRetry={() => void rules.refetch()}
              withOrganiser
            />
          </AdminCard>
          <AdminCard id="calculator-title" title="Calculator">
            <p className="text-slate-600">
              A sample order priced exactly as checkout prices it. Amounts are in the ticket’s currency; free tickets pay no fee.
            </p>
            <FeeCalculator rules={items} />
          </AdminCard>
          <AdminCard id="add-title" title="Add a platform rule that starts later">
            <AddFeeRuleForm />
          </AdminCard>
        </>
      )}
    </AdminPage>
  );
}
