import { useSearchParams } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { LoadState } from '#components/load-state.tsx';
import { waitingTokenSchema } from '#contract/waiting-list.ts';
import { OfferBookingForm } from '#features/orders/components/offer-booking-form.tsx';
import { WaitingEntryPanel } from '#features/waiting-list/components/waiting-entry-panel.tsx';
import { useWaitingEntry } from '#features/waiting-list/hooks/use-waiting-entry.ts';
import { useRouteSession } from '#lib/session/session-context.tsx';

const meta = <PageMeta title="Your place on the waiting list" description="Your place on an event’s waiting list." noIndex />;

function Problem({ title, children }: { title: string; children: string }) {
  return (
    <div className="space-y-2">
      <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">{title}</h1>
      <p className="text-slate-700">{children}</p>
    </div>
  );
}

/**
 * Where the waiting list's mails lead (`?token=`, with `&confirm=1` or `&leave=1`): the place is read in the browser,
 * by POST, so the link's secret stays in its address and in request bodies; the server's HTML says it is loading.
 */
function WaitingListPage({ token, confirm, leave }: { token: string; confirm: boolean; leave: boolean }) {
  const { signedIn } = useRouteSession();
  const { state, retry, show } = useWaitingEntry(token, confirm);
  if (state.kind === 'loading') {
    return (
      <div className="space-y-4">
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
          {confirm ? 'Confirming your place' : 'Your place on the waiting list'}
        </h1>
        <LoadState what={confirm ? 'your place (confirming your email)' : 'your place'} failed={false} onRetry={retry} />
      </div>
    );
  }
  if (state.kind === 'failed') {
    if (state.status === 404 || state.status === 400) {
      return (
        <Problem title="This link doesn’t work">
          It may be cut short, or from an old mail. Open the link in the latest mail we sent you about this waiting list.
        </Problem>
      );
    }
    return (
      <div className="space-y-4">
        <h1 className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">Your place on the waiting list</h1>
        <LoadState what="your place" failed onRetry={retry} />
      </div>
    );
  }
  const { entry } = state;
  return (
    <WaitingEntryPanel
      entry={entry}
      token={token}
      askToLeave={leave}
      signedIn={signedIn}
      onChange={show}
      offerBooking={(decline) => (
        <OfferBookingForm
          offer={{
            token,
            eventId: entry.event.id,
            ticketTypeId: entry.ticketType.id,
            ticketTypeName: entry.ticketType.name,
            unitPrice: entry.ticketType.price,
            currency: entry.ticketType.currency,
            quantity: entry.offeredQuantity ?? entry.quantity,
            name: entry.name,
            email: entry.email,
          }}
          onDecline={decline}
        />
      )}
    />
  );
}

export function Component() {
  const [params] = useSearchParams();
  const token = waitingTokenSchema.safeParse({ token: params.get('token') ?? '' });
  return (
    <div className="mx-auto max-w-lg py-6 sm:py-10">
      {meta}
      {token.success ? (
        <WaitingListPage
          key={token.data.token}
          token={token.data.token}
          confirm={params.get('confirm') === '1'}
          leave={params.get('leave') === '1'}
        />
      ) : (
        <Problem title="This link is not complete">
          Open it again from the mail we sent you: it needs all of its address to show your place.
        </Problem>
      )}
    </div>
  );
}
