import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { Spinner } from '#components/submit-button.tsx';
import { readSinceOpened, useOrder } from '#features/orders/api/get-order.ts';
import { useKeepOrderOnDevice } from '#features/orders/hooks/use-keep-tickets.ts';
import { forgetHeldOrder } from '#features/orders/utils/held-orders.ts';
import { failureReasonParam, landingStep } from '#features/orders/utils/order-state.ts';
import { orderPagePath } from '#features/orders/utils/payment-destination.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

/** How long the landing waits for the payment to be confirmed before saying it is still on its way. */
const patienceMs = 30_000;

function Card({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-20">
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">{children}</div>
    </div>
  );
}

/**
 * Where the payment provider sends the buyer back: asks for the order until it is paid or has
 * failed (the provider's webhook may land a moment later), then forwards to the tickets or the reason.
 * It asks the server as it opens and goes by that answer only, never by the copy an earlier page left in the
 * cache (see `landingStep`).
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = params.get('orderId');
  const token = params.get('token');
  const [startedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const order = useOrder(orderId, token, {
    current: true,
    refetchInterval: (data) => ((!data || data.status === 'pending') && !gaveUp ? 1000 : false),
  });
  const current = readSinceOpened(order);
  // Once the server has answered since opening, a later poll that fails (a bar of signal lost) changes nothing shown.
  const [answered, setAnswered] = useState(false);
  if (current && !answered) setAnswered(true);

  const { authId } = useRouteSession();
  // Paid: kept on the device before forwarding, in case the tickets' page never opens (the connection drops).
  useKeepOrderOnDevice(authId, order.data, order.dataUpdatedAt);

  const status = order.data?.status;
  const step = landingStep(order.data, current);
  useEffect(() => {
    if (!orderId || !status) return;
    // Free tickets waiting for the emailed code: the code is entered on the order's page.
    if (step === 'tickets') {
      forgetHeldOrder(orderId);
      navigate(orderPagePath('success', orderId, token), { replace: true });
    } else if (step === 'explain') {
      navigate(orderPagePath('error', orderId, token, { reason: failureReasonParam(status, params.get('reason')) }), {
        replace: true,
      });
    }
  }, [step, status, orderId, token, navigate, params]);

  useEffect(() => {
    if (gaveUp) return;
    const timer = window.setTimeout(() => setGaveUp(true), Math.max(0, startedAt + patienceMs - Date.now()));
    return () => window.clearTimeout(timer);
  }, [gaveUp, startedAt]);

  const meta = <PageMeta title="Confirming your payment" description="Confirming your payment." noIndex />;
  if (!orderId) {
    return (
      <Card>
        {meta}
        <h1 className="font-bold text-2xl text-slate-900">No order to confirm</h1>
        <p className="mt-2 text-slate-600">This link is missing its order. Your bookings are in your account.</p>
        <Link to="/account/bookings" className={`${buttonClass()} mt-6`}>
          My bookings
        </Link>
      </Card>
    );
  }
  // Nothing read since opening says how the payment went: a copy from before it is no answer.
  if (order.isError && !answered) {
    return (
      <Card>
        {meta}
        <h1 className="font-bold text-2xl text-slate-900">We couldn’t find this order</h1>
        <p className="mt-2 text-slate-600">
          {statusOf(order.error) === 404
            ? 'This link does not match an order you can see. If you paid, your tickets are also sent by email.'
            : 'Check your connection and try again. If you paid, your tickets are also sent by email.'}
        </p>
        <button
          type="button"
          onClick={() => void order.refetch()}
          disabled={order.isFetching}
          className={`${buttonClass()} mt-6`}
        >
          Try again
        </button>
      </Card>
    );
  }
  if (gaveUp && answered && status === 'pending') {
    return (
      <Card>
        {meta}
        <h1 className="font-bold text-2xl text-slate-900">Your payment is still being confirmed</h1>
        <p className="mt-2 text-slate-600">
          This can take a minute. We’ll email your tickets to {order.data?.buyer.email} as soon as it’s through — you don’t need
          to pay again.
        </p>
        <button
          type="button"
          onClick={() => {
            setGaveUp(false);
            void order.refetch();
          }}
          className={`${buttonClass()} mt-6`}
        >
          Check again
        </button>
      </Card>
    );
  }
  return (
    <Card>
      {meta}
      <div className="flex justify-center text-indigo-600">
        <Spinner className="size-10" />
      </div>
      <h1 className="mt-5 font-bold text-2xl text-slate-900" role="status">
        Confirming your payment…
      </h1>
      <p className="mt-2 text-slate-600">Please keep this page open. It takes a few seconds.</p>
    </Card>
  );
}
