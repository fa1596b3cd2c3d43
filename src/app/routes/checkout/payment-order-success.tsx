import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { buttonClass } from '#components/button.ts';
import { formatEventRange } from '#components/format/dates.ts';
import { Spinner } from '#components/submit-button.tsx';
import { TestNotice } from '#components/test-badge.tsx';
import { AddToCalendarButton } from '#features/events/components/event-actions.tsx';
import { readSinceOpened, useOrder } from '#features/orders/api/get-order.ts';
import { OrderAnswersPanel } from '#features/orders/components/answers/order-answers-panel.tsx';
import { EmailCodeForm } from '#features/orders/components/email-code-form.tsx';
import { OnlineEventLink } from '#features/orders/components/online-event-link.tsx';
import { OrderSummary } from '#features/orders/components/order-summary.tsx';
import { OrderTickets } from '#features/orders/components/order-tickets.tsx';
import { SelfServicePanel } from '#features/orders/components/self-service/self-service-panel.tsx';
import { TicketsPdfButton } from '#features/orders/components/tickets-pdf-button.tsx';
import { TransferPanel } from '#features/orders/components/transfers/transfer-panel.tsx';
import { useKeepOrderOnDevice } from '#features/orders/hooks/use-keep-tickets.ts';
import { forgetHeldOrder } from '#features/orders/utils/held-orders.ts';
import { orderCalendarEvent } from '#features/orders/utils/order-calendar-event.ts';
import { resolveOrder } from '#features/orders/utils/order-state.ts';
import { useBootState } from '#lib/public-config.tsx';
import { useRouteSession } from '#lib/session/session-context.tsx';

/**
 * The order's summary and its tickets, right after paying (or booking free tickets). Free tickets of a buyer
 * whose email is not proven wait here for the code mailed to it.
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { origin } = useBootState();
  const { signedIn, authId } = useRouteSession();
  const orderId = params.get('orderId');
  const token = params.get('token');
  const order = useOrder(orderId, token, { current: true });
  const current = readSinceOpened(order);
  const resolution = order.data ? resolveOrder(order.data.status) : null;
  const awaitingCode = order.data?.awaitingEmailCode === true;
  // Refunded in full (every ticket cancelled or refunded): still the buyer's booking page, with what went back.
  const refunded = order.data?.status === 'refunded';
  // Signed in: the tickets are on the device from now on, for My tickets without a connection.
  useKeepOrderOnDevice(authId, order.data, order.dataUpdatedAt);

  // Not paid (yet): the landing waits for the payment, the error page explains a failure. Said by the server now,
  // not by a copy an earlier page kept.
  useEffect(() => {
    if (!orderId || !current || !resolution || resolution === 'paid' || refunded || awaitingCode) return;
    const query = params.toString();
    navigate(resolution === 'pending' ? `/payment-success?${query}` : `/payment/order-error?${query}`, { replace: true });
  }, [current, resolution, refunded, awaitingCode, orderId, params, navigate]);
  useEffect(() => {
    if (orderId && resolution === 'paid') forgetHeldOrder(orderId);
  }, [orderId, resolution]);

  if (order.data && awaitingCode) {
    return (
      <div className="px-1 py-6 sm:py-10">
        <PageMeta title="Check your email" description="Enter the code we emailed to get your tickets." noIndex />
        <EmailCodeForm order={order.data} token={token} />
      </div>
    );
  }

  const meta = <PageMeta title="Booking confirmed" description="Your order and tickets." noIndex />;
  if (!order.data || (resolution !== 'paid' && !refunded)) {
    return (
      <div className="mx-auto max-w-lg py-10 text-center">
        {meta}
        {!orderId ? (
          <>
            <h1 className="font-bold text-2xl text-slate-900">No order to show</h1>
            <p className="mt-2 text-slate-600">This link is missing its order. Your bookings are in your account.</p>
            <Link to="/account/bookings" className={`${buttonClass()} mt-6`}>
              My bookings
            </Link>
          </>
        ) : order.isError ? (
          <>
            <h1 className="font-bold text-2xl text-slate-900">We couldn’t load this order</h1>
            <p className="mt-2 text-slate-600">Check your connection and try again. Your tickets are also in your email.</p>
            <Link to="/account/bookings" className={`${buttonClass()} mt-6`}>
              My bookings
            </Link>
          </>
        ) : (
          <p role="status" className="flex items-center justify-center gap-2 text-slate-600">
            <Spinner /> Loading your tickets…
          </p>
        )}
      </div>
    );
  }

  const { event } = order.data;
  const count = order.data.tickets.length;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      {meta}
      {order.data.test ? (
        <TestNotice title="TEST order" className="rounded-2xl sm:px-8">
          Paid in the payment sandbox: no money was taken, and these tickets are not valid for entry.
        </TestNotice>
      ) : null}
      {refunded ? (
        <header className="rounded-2xl bg-slate-800 p-5 text-white sm:p-8">
          <p className="font-semibold text-slate-200">Booking cancelled</p>
          <h1 className="mt-2 font-extrabold text-2xl leading-tight sm:text-3xl">{event.title}</h1>
          <p className="mt-2 text-slate-100">{formatEventRange(event.startsAt, event.endsAt, event.timezone)}</p>
          <p className="mt-3 text-slate-100 text-sm">
            Its tickets no longer admit anyone. What went back is in the summary below.
          </p>
        </header>
      ) : (
        <header className="rounded-2xl bg-emerald-700 p-5 text-white sm:p-8">
          <p className="flex items-center gap-2 font-semibold text-emerald-100">
            <span
              aria-hidden="true"
              className="inline-flex size-7 items-center justify-center rounded-full bg-white text-emerald-700"
            >
              ✓
            </span>
            Booking confirmed
          </p>
          <h1 className="mt-2 font-extrabold text-2xl leading-tight sm:text-3xl">You’re going to {event.title}</h1>
          <p className="mt-2 text-emerald-50">{formatEventRange(event.startsAt, event.endsAt, event.timezone)}</p>
          <p className="mt-3 text-emerald-50 text-sm">
            {count === 1 ? 'Your ticket is below and on its way to' : `Your ${count} tickets are below and on their way to`}{' '}
            <span className="font-semibold text-white">{order.data.buyer.email}</span>.
          </p>
        </header>
      )}
      <div className="flex flex-wrap gap-2">
        <AddToCalendarButton event={orderCalendarEvent(event, origin)} />
        <TicketsPdfButton orderId={order.data.id} reference={order.data.reference} token={token} />
        {signedIn ? (
          <Link to="/account/bookings" className={buttonClass('secondary', 'small')}>
            All my bookings
          </Link>
        ) : null}
      </div>
      <OnlineEventLink event={event} />
      <section aria-labelledby="tickets-title" className="space-y-3">
        <h2 id="tickets-title" className="font-bold text-slate-900 text-xl">
          {count === 1 ? 'Your ticket' : 'Your tickets'}
        </h2>
        <p className="text-slate-600 text-sm">Show the QR code at the door. Turn your screen brightness up.</p>
        <OrderTickets order={order.data} token={token} />
      </section>
      <OrderAnswersPanel order={order.data} token={token} heading="h2" />
      <TransferPanel order={order.data} token={token} heading="h2" />
      <SelfServicePanel order={order.data} token={token} heading="h2" />
      <OrderSummary order={order.data} />
      {signedIn ? null : (
        <p className="rounded-xl bg-slate-100 p-4 text-slate-700 text-sm">
          Sign in or create an account with {order.data.buyer.email} to keep these tickets in{' '}
          <Link to="/account/bookings" className="font-semibold text-indigo-700 underline">
            My bookings
          </Link>
          , also offline.
        </p>
      )}
    </div>
  );
}
