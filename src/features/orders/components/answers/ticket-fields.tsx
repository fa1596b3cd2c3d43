import { type ReactNode, useLayoutEffect, useRef } from 'react';
import type { AnswerSlot } from '#contract/questions.ts';
import { AnswerFields, type AnswerFieldsProps } from './answer-fields.tsx';
import { HolderFields, type HolderInputs } from './holder-fields.tsx';

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
  /** Absent where tickets take no holder's name or email (an offer's): only their questions show. */
  holders?: HolderInputs;
}

/** One ticket's group: its name as the legend, then its fields; white inside the fold, whose own box is grey. */
function TicketGroup({ label, folded = false, children }: { label: string; folded?: boolean; children: ReactNode }) {
  return (
    <fieldset className={`min-w-0 rounded-xl p-4 ring-1 ring-slate-200 ${folded ? 'bg-white' : 'bg-slate-50'}`}>
      {/* Floated, the legend sits inside the box rather than across its edge. */}
      <legend className="float-left mb-3 w-full break-words font-semibold text-slate-900">{label}</legend>
      <div className="clear-both space-y-4">{children}</div>
    </fieldset>
  );
}

/** The tickets' holders folded away, as few buyers name them: opened when one of them has a message to show. */
function FoldedHolders({ tickets, holders }: { tickets: readonly TicketSlot[]; holders: HolderInputs }) {
  const folded = useRef<HTMLDetailsElement>(null);
  const refused = tickets.some((ticket) => holders.emailError(ticket.key));
  // Before the form moves focus to the first field with a message, which must not be hidden in a closed fold.
  useLayoutEffect(() => {
    if (refused && folded.current) folded.current.open = true;
  }, [refused]);
  return (
    <details ref={folded} className="rounded-xl bg-slate-50 px-4 py-1 ring-1 ring-slate-200">
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-800">
        Name each ticket (optional)
      </summary>
      <p className="text-slate-600 text-sm">The name is printed on the ticket; its holder’s email gets the ticket’s news.</p>
      <div className="space-y-3 py-3">
        {tickets.map((ticket) => (
          <TicketGroup key={ticket.key} label={ticket.label} folded>
            <HolderFields ticketKey={ticket.key} holders={holders} />
          </TicketGroup>
        ))}
      </div>
    </details>
  );
}

/**
 * Each ticket's optional holder (name and email) and, when the organiser asks something of each attendee, a group per
 * ticket with its questions; without such questions the holders fold away, as few buyers need them.
 */
export function TicketFields({ tickets, slots, holders, ...answers }: TicketFieldsProps) {
  const perTicket = slots.some((slot) => slot.position !== null);
  if (!perTicket) return holders ? <FoldedHolders tickets={tickets} holders={holders} /> : null;
  return (
    <>
      {tickets.map((ticket) => (
        <TicketGroup key={ticket.key} label={ticket.label}>
          {holders ? <HolderFields ticketKey={ticket.key} holders={holders} /> : null}
          <AnswerFields slots={slots.filter((slot) => slot.position === ticket.position)} {...answers} />
        </TicketGroup>
      ))}
    </>
  );
}
