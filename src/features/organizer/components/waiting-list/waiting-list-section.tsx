import { useState } from 'react';
import { LoadState } from '#components/load-state.tsx';
import type { Event } from '#contract/events.ts';
import type { WaitingEntry } from '#contract/waiting-list.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { useWaitingList } from '../../api/get-waiting-list.ts';
import { OfferPlacesDialog } from './offer-places-dialog.tsx';
import { RemoveEntryDialog } from './remove-entry-dialog.tsx';
import { WaitingEntriesTable } from './waiting-entries-table.tsx';
import { WaitingListSettingsForm } from './waiting-list-settings-form.tsx';
import { WaitingTypeCounts } from './waiting-type-counts.tsx';

const listRefusals: Record<number, string> = {
  403: 'Only owners and managers of the organisation can see and change the event’s waiting list.',
  404: 'That event was not found in your organisation.',
};

/** An event's waiting list: its settings, each ticket type's queue, and the people on it with offering and removing. */
export function WaitingListSection({ event }: { event: Event }) {
  const list = useWaitingList(event.id);
  const [offering, setOffering] = useState<WaitingEntry | null>(null);
  const [removing, setRemoving] = useState<WaitingEntry | null>(null);

  if (!list.data) {
    const refusal = list.isError ? listRefusals[statusOf(list.error)] : undefined;
    return refusal ? (
      <p role="alert" className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
        {refusal}
      </p>
    ) : (
      <LoadState what="the waiting list" failed={list.isError} onRetry={() => void list.refetch()} />
    );
  }
  const { settings, types, entries } = list.data;
  const freeOf = (ticketTypeId: string) => types.find((type) => type.ticketTypeId === ticketTypeId)?.free ?? 0;

  return (
    <div className="space-y-6">
      <WaitingListSettingsForm key={JSON.stringify(settings)} eventId={event.id} settings={settings} />
      <section aria-labelledby="waiting-types-title" className="space-y-3">
        <h2 id="waiting-types-title" className="font-bold text-lg text-slate-900">
          Ticket types
        </h2>
        <WaitingTypeCounts types={types} />
      </section>
      <section aria-labelledby="waiting-people-title" className="space-y-3">
        <h2 id="waiting-people-title" className="font-bold text-lg text-slate-900">
          People on the list
        </h2>
        <p className="text-slate-600 text-sm">
          {settings.automatic
            ? 'Places that come back are offered in this order by themselves. You can also offer free places now.'
            : 'Places that come back wait for you: offer them to the next person with “Offer now”.'}
        </p>
        <WaitingEntriesTable
          entries={entries}
          timeZone={event.timezone}
          freeOf={freeOf}
          onOffer={setOffering}
          onRemove={setRemoving}
        />
      </section>
      <OfferPlacesDialog
        eventId={event.id}
        entry={offering}
        free={offering ? freeOf(offering.ticketTypeId) : 0}
        offerHours={settings.offerHours}
        onClose={() => setOffering(null)}
      />
      <RemoveEntryDialog eventId={event.id} entry={removing} onClose={() => setRemoving(null)} />
    </div>
  );
}
