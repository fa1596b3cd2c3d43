import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { Spinner } from '#components/submit-button.tsx';
import { formatMoney } from '#contract/money.ts';
import { readSinceOpened, useOrder } from '#features/orders/api/get-order.ts';
import { useReleaseOrder } from '#features/orders/api/release-order.ts';
import { HoldCountdown } from '#features/orders/components/hold-countdown.tsx';
import { useNow } from '#features/orders/hooks/use-now.ts';
import { timeLeft } from '#features/orders/utils/countdown.ts';
import { forgetHeldOrder, heldOrderFor } from '#features/orders/utils/held-orders.ts';
import { explainFailure, failureReasonParam, resolveOrder } from '#features/orders/utils/order-state.ts';
import { orderPagePath, paymentDestination } from '#features/orders/utils/payment-destination.ts';
import { useNavigationVerdict } from '#lib/outbound-link.tsx';

/** Why the payment failed, and a way to try again while the tickets are still held; after that, back to the event. */
export function Component() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const token = params.get('token');
  const reason = params.get('reason');
  const order = useOrder(orderId, token, { current: true });
  const release = useReleaseOrder();
  const verdict = useNavigationVerdict();
  // The order as the server has it now, not a copy an earlier page kept (it may have been paid since); a copy
  // only when the server cannot be reached.
  const data = readSinceOpened(order) || order.isError ? order.data : undefined;
  const holding = data?.status === 'pending' || data?.status === 'failed';
  const now = useNow(1000, holding);
  const left = holding && data && now !== null ? timeLeft(data.holdExpiresAt, now) : null;
  // The hold just ran out here: reading the order again has the server let the tickets go (it settles a lapsed hold
  // before answering); only then does the page say they went back on sale, or once the server cannot be asked.
  const [refreshed, setRefreshed] = useState<'no' | 'asking' | 'done'>('no');
  useEffect(() => {
    if (left === 0 && refreshed === 'no') {
      setRefreshed('asking');
      if (orderId) forgetHeldOrder(orderId);
      void order.refetch().finally(() => setRefreshed('done'));
    }
  }, [left, refreshed, orderId, order]);
  const lapsed = !holding || (left === 0 && refreshed === 'done') || release.isSuccess;

  // Paid after all (a late confirmation, or a retry in another tab): the tickets.
  const navigate = useNavigate();
  const paid = data ? resolveOrder(data.status) === 'paid' : false;
  useEffect(() => {
    if (paid && orderId) navigate(orderPagePath('success', orderId, token), { replace: true });
  }, [paid, orderId, token, navigate]);

  const meta = <PageMeta title="Payment not completed" description="Your payment did not go through." noIndex />;
  if (!data) {
    return (
      <div className="mx-auto max-w-lg py-10 text-center">
        {meta}
        {order.isError || !orderId ? (
          <>
            <h1 className="font-bold text-2xl text-slate-900">{explainFailure(reason, null).title}</h1>
            <p className="mt-2 text-slate-600">We couldn’t load the order. Check your connection and try again.</p>
            <Link to="/" className={`${buttonClass()} mt-6 w-full sm:w-auto`}>
              Find events
            </Link>
          </>
        ) : (
          <p role="status" className="flex items-center justify-center gap-2 text-slate-600">
            <Spinner /> Loading your order…
          </p>
        )}
      </div>
    );
  }

  const explained = explainFailure(
    left === 0 ? 'expired' : failureReasonParam(data.status, reason),
    data.status === 'failed' ? data.failureReason : null,
  );
  // The way back to paying: the order's own, or the one this device kept when the order was placed.
  const paymentUrl = data.paymentUrl ?? heldOrderFor(data.event.id)?.paymentUrl ?? null;
  const retry = paymentUrl ? paymentDestination(paymentUrl, verdict) : null;
  const tickets = data.items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <div className="mx-auto max-w-xl space-y-5">
      {meta}
      <div
        role="alert"
        className={`rounded-2xl border p-5 sm:p-6 ${explained.tone === 'error' ? 'border-red-200 bg-red-50 text-red-950' : 'border-slate-200 bg-white text-slate-900'}`}
      >
        <p className={`font-semibold text-sm ${explained.tone === 'error' ? 'text-red-800' : 'text-slate-600'}`}>
          Payment not completed · order <span className="whitespace-nowrap">{data.reference}</span>
        </p>
        <h1 className="mt-1 font-bold text-2xl leading-tight">{explained.title}</h1>
        <p className="mt-2">{explained.detail}</p>
      </div>
      <p className="text-slate-700">
        {tickets} ticket{tickets === 1 ? '' : 's'} for <span className="font-semibold text-slate-900">{data.event.title}</span> ·{' '}
        {formatMoney(data.total, data.currency)}
      </p>
      {lapsed ? (
        <div role="status" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <p className="font-semibold text-slate-900">
            {release.isSuccess ? 'You released the tickets.' : 'Your hold has ended.'} The tickets went back on sale.
          </p>
          <p className="text-slate-600 text-sm">You can choose tickets again on the event page while they last.</p>
          <Link to={`/event/${data.event.id}`} className={`${buttonClass()} w-full sm:w-auto`}>
            Back to the event
          </Link>
        </div>
      ) : (
        <div className="space-y-4">
          <HoldCountdown left={left} label="Your tickets are still held for you" />
          <div className="flex flex-col gap-3 sm:flex-row">
            {retry?.kind === 'route' ? (
              <Link to={retry.to} className={`${buttonClass()} w-full sm:w-auto`}>
                Try again
              </Link>
            ) : retry?.kind === 'external' ? (
              <a href={retry.href} className={`${buttonClass()} w-full sm:w-auto`}>
                Try again
              </a>
            ) : (
              <Link to={`/event/${data.event.id}`} className={`${buttonClass()} w-full sm:w-auto`}>
                Back to the event
              </Link>
            )}
            <button
              type="button"
              disabled={release.isPending}
              onClick={() => release.mutate({ orderId: data.id, token }, { onSuccess: () => forgetHeldOrder(data.id) })}
              className={`${buttonClass('secondary')} w-full sm:w-auto`}
            >
              {release.isPending ? 'Releasing…' : 'Release the tickets'}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
