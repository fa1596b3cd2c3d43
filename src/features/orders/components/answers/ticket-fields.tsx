import { TextField } from '#components/fields/text-field.tsx';
import type { AnswerSlot } from '#contract/questions.ts';
import { AnswerFields, type AnswerFieldsProps } from './answer-fields.tsx';

/** One ticket of the order: its place among the tickets (0-based), its type and what it is called on the form. */
export interface TicketSlot {
  key: string;
  position: number;
  ticketTypeId: string;
  label: string;
}

interface TicketFieldsProps extends Omit<AnswerFieldsProps, 'slots'> {
  tickets: readonly TicketSlot[];
  /** Every answer slot of the order; each ticket shows its own. */
  slots: readonly AnswerSlot[];
  /** Absent where tickets take no names (an offer's): only their questions show. */
  names?: Record<string, string>;
  onName?(key: string, name: string): void;
}

function NameField({
  ticket,
  names,
  onName,
}: {
  ticket: TicketSlot;
  names: Record<string, string>;
  onName(key: string, name: string): void;
}) {
  return (
    <TextField
      id={`attendee-${ticket.key.replace(':', '-')}`}
      label="Name on the ticket (optional)"
      autoComplete="off"
      maxLength={120}
      hint="Leave it blank to use yours."
      value={names[ticket.key] ?? ''}
      onChange={(change) => onName(ticket.key, change.target.value)}
    />
  );
}

/**
 * Each ticket's optional name and, when the organiser asks something of each attendee, a group per ticket with its
 * questions; without such questions the names fold away, as few buyers need them.
 */
export function TicketFields({ tickets, slots, names, onName, ...answers }: TicketFieldsProps) {
  const perTicket = slots.some((slot) => slot.position !== null);
  if (!perTicket) {
    if (!names || !onName) return null;
    return (
      <details className="rounded-xl bg-slate-50 px-4 py-1 ring-1 ring-slate-200">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-800">
          Name each ticket (optional)
        </summary>
        <p className="text-slate-600 text-sm">The name is printed on the ticket. Leave it blank to use yours.</p>
        <div className="space-y-3 py-3">
          {tickets.map((ticket) => (
            <TextField
              key={ticket.key}
              id={`attendee-${ticket.key.replace(':', '-')}`}
              label={ticket.label}
              autoComplete="off"
              maxLength={120}
              value={names[ticket.key] ?? ''}
              onChange={(change) => onName(ticket.key, change.target.value)}
            />
          ))}
        </div>
      </details>
    );
  }
  return (
    <>
      {tickets.map((ticket) => (
        <fieldset key={ticket.key} className="min-w-0 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          {/* Floated, the legend sits inside the box rather than across its edge. */}
          <legend className="float-left mb-3 w-full break-words font-semibold text-slate-900">{ticket.label}</legend>
          <div className="clear-both space-y-4">
            {names && onName ? <NameField ticket={ticket} names={names} onName={onName} /> : null}
            <AnswerFields slots={slots.filter((slot) => slot.position === ticket.position)} {...answers} />
          </div>
        </fieldset>
      ))}
    </>
  );
}
