import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass } from '#components/button.ts';
import { TestNotice } from '#components/test-badge.tsx';
import { payoutsQueryOptions, usePayouts } from '#features/payouts/api/get-payouts.ts';
import { PayoutBalances } from '#features/payouts/components/payout-balances.tsx';
import { PayoutList } from '#features/payouts/components/payout-list.tsx';
import { statusOf } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

/** The balance and the first page of payouts come with the page; a refusal (managers, door staff) is shown by the page. */
export function createLoader({ queryClient, api, session }: RouteContext) {
  return async () => {
    const { organizationId } = session();
    if (organizationId) await queryClient.prefetchInfiniteQuery(payoutsQueryOptions(api, organizationId)).catch(() => undefined);
    return null;
  };
}

export function Component() {
  const { organizationId } = useRouteSession();
  const payouts = usePayouts(organizationId);
  const first = payouts.data?.pages[0];
  const items = payouts.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="space-y-6">
      <PageMeta title="Payouts" description="Your balance per currency and the payouts made to you." noIndex />
      <header>
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Payouts</h1>
        <p className="mt-1 text-slate-600">Your balance in each currency and the money paid out to you after your events.</p>
      </header>

      {statusOf(payouts.error) === 403 ? (
        <p role="alert" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          Payouts are for owners and finance members. Ask an owner if you need to see them.
        </p>
      ) : payouts.isError ? (
        <p role="alert" className="rounded-2xl bg-white p-6 text-red-700 shadow-sm ring-1 ring-slate-200">
          Your payouts could not be loaded. Please try again.
        </p>
      ) : !first || !organizationId ? (
        <p className="text-slate-600">Loading your payouts…</p>
      ) : (
        <>
          {first.provider === 'stripe' ? (
            <p className="rounded-2xl bg-sky-50 px-4 py-3 text-sky-950 ring-1 ring-sky-200">
              Stripe pays your money out to your bank account itself, on your Stripe payout schedule: Admit makes no payouts, so
              the list below stays empty. Your Stripe dashboard shows each payout.
            </p>
          ) : (
            <TestNotice title="Sandbox payouts" className="rounded-2xl">
              Payments here go through the built-in payment sandbox: these payouts are made after each event ends, in play money.
              No bank transfer is made.
            </TestNotice>
          )}
          {!first.payoutsEnabled ? (
            <p role="status" className="rounded-2xl bg-amber-50 px-4 py-3 text-amber-950 ring-1 ring-amber-200">
              Payouts are paused: your organisation must be verified with payouts enabled, and not suspended. Pending money is
              paid out once they resume.
            </p>
          ) : null}
          <section aria-labelledby="balance-title" className="space-y-3">
            <h2 id="balance-title" className="font-bold text-lg text-slate-900">
              Balance
            </h2>
            <PayoutBalances balances={first.balances} />
          </section>
          <section aria-labelledby="payouts-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
            <h2 id="payouts-title" className="font-bold text-lg text-slate-900">
              Payouts
            </h2>
            <PayoutList organizationId={organizationId} payouts={items} />
            {payouts.hasNextPage ? (
              <button
                type="button"
                className={`${buttonClass('secondary')} mt-4`}
                aria-busy={payouts.isFetchingNextPage}
                disabled={payouts.isFetchingNextPage}
                onClick={() => payouts.fetchNextPage()}
              >
                {payouts.isFetchingNextPage ? 'Loading…' : 'Show older payouts'}
              </button>
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}
