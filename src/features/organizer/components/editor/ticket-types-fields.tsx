import { type EventForm, maxTicketTypes } from '../../hooks/use-event-form.ts';
import { TicketTypeCard } from './ticket-type-card.tsx';

/** The event's ticket types: add and remove rows; at least one is needed to publish. */
export function TicketTypesFields({ form }: { form: EventForm }) {
  const rows = form.values.ticketTypes;
  const full = rows.length >= maxTicketTypes;
  return (
    <>
      {form.errors.ticketTypes ? (
        <p role="alert" className="font-medium text-red-700 text-sm">
          {form.errors.ticketTypes}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="rounded-xl border border-slate-300 border-dashed p-4 text-slate-600">
          No ticket types yet. Add one to be able to publish.
        </p>
      ) : (
        <ol className="space-y-4">
          {rows.map((row, index) => (
            <TicketTypeCard key={row.key} form={form} row={row} index={index} />
          ))}
        </ol>
      )}
      <button
        type="button"
        onClick={form.addTicket}
        disabled={full}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-xl border-2 border-indigo-300 border-dashed px-5 font-semibold text-indigo-700 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
      >
        <span aria-hidden="true">+</span> Add ticket type
      </button>
      {full ? <p className="text-slate-600 text-sm">An event can have up to {maxTicketTypes} ticket types.</p> : null}
    </>
  );
}
