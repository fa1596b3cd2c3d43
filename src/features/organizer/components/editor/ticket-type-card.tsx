import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { ticketCurrencies } from '#contract/money.ts';
import type { EventForm } from '../../hooks/use-event-form.ts';
import type { TicketRowValues } from '../../utils/event-form.ts';

type TextKey = 'name' | 'description' | 'price' | 'capacity' | 'minPerOrder' | 'maxPerOrder' | 'salesStart' | 'salesEnd';

interface TicketTypeCardProps {
  form: EventForm;
  row: TicketRowValues;
  index: number;
}

/** One ticket type's inputs; prices typed in major units, sent in minor units. */
export function TicketTypeCard({ form, row, index }: TicketTypeCardProps) {
  const path = (field: string) => `ticketTypes.${index}.${field}`;
  const field = (key: TextKey) => ({
    name: path(key),
    value: row[key],
    error: form.errors[path(key)],
    onChange: (event: { target: { value: string } }) => form.setTicket(index, { [key]: event.target.value }),
  });
  const currencies = ticketCurrencies.includes(row.currency as never) ? ticketCurrencies : [...ticketCurrencies, row.currency];
  const title = row.name.trim() || `Ticket type ${index + 1}`;
  const headingId = `ticket-type-${row.key}`;
  const hasSales = row.sold > 0;

  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {title}
          {hasSales ? <span className="ml-2 font-normal text-slate-600 text-sm">{row.sold} sold</span> : null}
        </h3>
        {hasSales ? null : (
          <button
            type="button"
            onClick={() => form.removeTicket(index)}
            className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-red-700 hover:bg-red-50"
          >
            Remove<span className="sr-only"> {title}</span>
          </button>
        )}
      </div>
      {hasSales ? (
        <p className="mt-1 text-slate-600 text-sm">Tickets of this type are sold, so it can be hidden but not removed.</p>
      ) : null}
      <div className="mt-4 space-y-5">
        <TextField label="Name" required maxLength={80} autoComplete="off" placeholder="General admission" {...field('name')} />
        <TextField
          label="Description"
          maxLength={500}
          autoComplete="off"
          hint="Optional: what this ticket includes."
          {...field('description')}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Price"
            inputMode="decimal"
            required
            placeholder="0.00"
            hint="0 for a free ticket."
            {...field('price')}
          />
          <SelectField
            label="Currency"
            name={path('currency')}
            value={row.currency}
            error={form.errors[path('currency')]}
            onChange={(event) => form.setTicket(index, { currency: event.target.value })}
          >
            {currencies.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <TextField label="Capacity" inputMode="numeric" required placeholder="100" {...field('capacity')} />
          <div className="grid grid-cols-2 gap-4 sm:contents">
            <TextField label="Min per order" inputMode="numeric" {...field('minPerOrder')} />
            <TextField label="Max per order" inputMode="numeric" {...field('maxPerOrder')} />
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Sales start"
            type="datetime-local"
            hint="Optional. Venue’s clock; blank: on sale when published."
            {...field('salesStart')}
          />
          <TextField
            label="Sales end"
            type="datetime-local"
            hint="Optional. Blank: until the event ends."
            {...field('salesEnd')}
          />
        </div>
        <label className="flex min-h-11 cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            name={path('hidden')}
            checked={row.hidden}
            onChange={(event) => form.setTicket(index, { hidden: event.target.checked })}
            className="mt-0.5 size-5 accent-indigo-600"
          />
          <span>
            <span className="block font-medium text-slate-800">Hidden</span>
            <span className="block text-slate-600 text-sm">Not shown on the event page or sold to the public.</span>
          </span>
        </label>
      </div>
    </li>
  );
}
