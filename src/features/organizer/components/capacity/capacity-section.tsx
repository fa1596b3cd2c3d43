import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import type { CapacityQuota } from '#contract/capacity-quotas.ts';
import { formatCount } from '#contract/count-text.ts';
import type { Event } from '#contract/events.ts';
import { statusOf } from '#lib/api-caller.tsx';
import { useCapacityQuotas } from '../../api/get-capacity-quotas.ts';
import { CapacityQuotaForm } from './capacity-quota-form.tsx';
import { DeleteQuotaDialog } from './delete-quota-dialog.tsx';
import { QuotasTable, type QuotaTicketType } from './quotas-table.tsx';

type Panel = { kind: 'list' } | { kind: 'form'; allTypes: boolean; quota?: CapacityQuota };

const listRefusals: Record<number, string> = {
  403: 'Only owners and managers of the organisation can see and change the event’s capacity.',
  404: 'That event was not found in your organisation.',
};

/** Tickets left of each type as buyers see them: the fewest of its own and of every set of places it is in. */
function WhatBuyersSee({ event }: { event: Event }) {
  return (
    <section aria-labelledby="buyers-see-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="buyers-see-title" className="font-bold text-lg text-slate-900">
        What buyers can still buy
      </h2>
      <p className="mt-1 text-slate-600 text-sm">
        Each ticket type’s own tickets left, or fewer when places it shares run out first.
      </p>
      <ul className="mt-4 divide-y divide-slate-200">
        {event.ticketTypes.map((type) => (
          <li key={type.id} className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span className="min-w-0 break-words font-medium text-slate-900">
              {type.name}
              {type.hidden ? <span className="font-normal text-slate-600"> (hidden)</span> : null}
            </span>
            <span className="text-slate-700 tabular-nums">
              <span className="font-semibold text-slate-900">{formatCount(type.available)}</span> left of{' '}
              {formatCount(type.capacity)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An event's capacity and the places its ticket types share: the list with their counts, and adding, changing, deleting. */
export function CapacitySection({ event }: { event: Event }) {
  const quotas = useCapacityQuotas(event.id);
  const [panel, setPanel] = useState<Panel>({ kind: 'list' });
  const [deleting, setDeleting] = useState<CapacityQuota | null>(null);
  const types: QuotaTicketType[] = event.ticketTypes.map(({ id, name, hidden, capacity }) => ({ id, name, hidden, capacity }));
  const items = quotas.data?.items ?? [];
  const hasEventCapacity = items.some((quota) => quota.allTypes);
  const forbidden = quotas.isError && statusOf(quotas.error) === 403;
  const error = quotas.isError
    ? (listRefusals[statusOf(quotas.error)] ?? 'The capacity could not be loaded. Please try again.')
    : null;
  const open = (next: Panel) => {
    setPanel(next);
    if (typeof window !== 'undefined') window.scrollTo({ top: 0 });
  };

  const dialog = (
    <DeleteQuotaDialog
      eventId={event.id}
      quota={deleting}
      onDeleted={() => {
        setDeleting(null);
        setPanel({ kind: 'list' });
      }}
      onClose={() => setDeleting(null)}
    />
  );

  if (panel.kind === 'form') {
    const { quota } = panel;
    return (
      <>
        <CapacityQuotaForm
          key={quota?.id ?? (panel.allTypes ? 'event' : 'shared')}
          eventId={event.id}
          quota={quota}
          allTypes={panel.allTypes}
          types={types}
          onDone={() => setPanel({ kind: 'list' })}
          onCancel={() => setPanel({ kind: 'list' })}
          onDelete={quota ? () => setDeleting(quota) : undefined}
        />
        {dialog}
      </>
    );
  }

  return (
    <div className="space-y-5">
      {forbidden ? null : (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <button
            type="button"
            className={`${buttonClass('primary')} w-full sm:w-auto`}
            onClick={() => open({ kind: 'form', allTypes: false })}
          >
            <span aria-hidden="true">+</span> Share places between ticket types
          </button>
          {hasEventCapacity || !quotas.data ? null : (
            <button
              type="button"
              className={`${buttonClass('secondary')} w-full sm:w-auto`}
              onClick={() => open({ kind: 'form', allTypes: true })}
            >
              Set the event’s capacity
            </button>
          )}
        </div>
      )}
      <QuotasTable
        quotas={items}
        types={types}
        loading={!quotas.data && quotas.isPending}
        error={error}
        onRetry={() => void quotas.refetch()}
        onEdit={forbidden ? undefined : (quota) => open({ kind: 'form', allTypes: quota.allTypes, quota })}
      />
      {forbidden ? null : <WhatBuyersSee event={event} />}
      <p className="text-slate-600 text-sm">
        A ticket counts in its type’s capacity and in every set of places its type is in; a sale stops at the first one that is
        full, and buyers are told which tickets are sold out.
      </p>
      {dialog}
    </div>
  );
}
