import type { LoaderFunctionArgs } from 'react-router';
import { Link, useNavigate, useParams } from 'react-router';
import { orNotFound, paramOrNotFound } from '#app/not-found-response.ts';
import { PageMeta } from '#app/page-meta.tsx';
import type { RouteContext } from '#app/route-context.ts';
import { buttonClass, linkClass } from '#components/button.ts';
import { formatMoney } from '#contract/money.ts';
import { HoldCountdown } from '#features/orders/components/hold-countdown.tsx';
import { useNow } from '#features/orders/hooks/use-now.ts';
import { timeLeft } from '#features/orders/utils/countdown.ts';
import { paymentDestination } from '#features/orders/utils/payment-destination.ts';
import { sandboxSessionQueryOptions, useSandboxSession } from '#features/payments/api/get-sandbox-session.ts';
import type { SandboxPaymentResult } from '#features/payments/api/pay-sandbox.ts';
import { SandboxPaymentForm } from '#features/payments/components/sandbox-payment-form.tsx';
import { TestModeBanner } from '#features/payments/components/test-mode-banner.tsx';
import { navigateTo } from '#lib/external-navigation.ts';
import { useNavigationVerdict } from '#lib/outbound-link.tsx';

const sessionIdPattern = /^[A-Za-z0-9_-]{16,64}$/;

/** An unknown session is the 404 page. Never cached by the service worker: it is a payment page. */
export function createLoader({ queryClient, api }: RouteContext) {
  return async ({ params }: LoaderFunctionArgs) => {
    const sessionId = paramOrNotFound(params, 'sessionId', sessionIdPattern);
    await orNotFound(queryClient.fetchQuery(sandboxSessionQueryOptions(api, sessionId)));
    return null;
  };
}

/** A link to where the API says, as a route on this site (or nothing when the address is not safe). */
function Onward({ url, className, children }: { url: string; className: string; children: string }) {
  const destination = paymentDestination(url, useNavigationVerdict());
  if (destination.kind === 'route') {
    return (
      <Link to={destination.to} className={className}>
        {children}
      </Link>
    );
  }
  return destination.kind === 'external' ? (
    <a href={destination.href} className={className}>
      {children}
    </a>
  ) : null;
}

export function Component() {
  const { sessionId = '' } = useParams();
  const { data: session } = useSandboxSession(sessionId);
  const navigate = useNavigate();
  const now = useNow(1000, session.status === 'open');
  const left = now === null ? null : timeLeft(session.expiresAt, now);
  const lapsed = session.status === 'expired' || left === 0;
  const open = session.status === 'open' && !lapsed;

  const follow = (result: SandboxPaymentResult) => {
    const destination = paymentDestination(result.redirectUrl);
    if (destination.kind === 'route') navigate(destination.to, { replace: true });
    else if (destination.kind === 'external') navigateTo(destination.href);
  };

  return (
    <div>
      <PageMeta title="Test payment" description="Admit’s payment sandbox (test mode)." noIndex />
      <TestModeBanner />
      <header className="space-y-1">
        <p className="font-medium text-slate-600 text-sm">Pay Admit · order {session.reference}</p>
        <h1 className="font-bold text-slate-900 text-xl leading-snug sm:text-2xl">{session.eventTitle}</h1>
        <p className="font-extrabold text-3xl text-slate-900 tabular-nums">{formatMoney(session.amount, session.currency)}</p>
      </header>

      <div className="mt-5 space-y-5">
        {session.status === 'complete' ? (
          <div role="status" className="space-y-3 rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200">
            <p className="font-semibold">This order is already paid.</p>
            <Onward url={session.successUrl} className={`${buttonClass()} w-full`}>
              See your tickets
            </Onward>
          </div>
        ) : lapsed ? (
          <div role="alert" className="space-y-3 rounded-xl bg-slate-100 p-4 text-slate-900">
            <p className="font-semibold">Time’s up: your hold has ended.</p>
            <p className="text-sm">The tickets went back on sale. Nothing was charged.</p>
            <Onward url={session.cancelUrl} className={`${buttonClass()} w-full`}>
              Back to the event
            </Onward>
          </div>
        ) : (
          <HoldCountdown left={left} label="Your tickets are held while you pay" />
        )}

        <SandboxPaymentForm session={session} open={open} onResult={follow} />

        {open ? (
          <p className="text-center text-sm">
            <Onward url={session.cancelUrl} className={linkClass}>
              Cancel payment
            </Onward>
          </p>
        ) : null}
      </div>
    </div>
  );
}
