import { AnswerList } from '#components/answer-list.tsx';
import type { Order } from '#contract/orders.ts';
import { TicketCard } from './ticket-card.tsx';

/** The order's tickets, one column on phones, two side by side on wider screens; each with the answers given for it. */
export function OrderTickets({ order }: { order: Pick<Order, 'reference' | 'event' | 'tickets' | 'test' | 'answers'> }) {
  const count = order.tickets.length;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {order.tickets.map((ticket, index) => (
        <li key={ticket.id}>
          <TicketCard ticket={ticket} order={order} position={`Ticket ${index + 1} of ${count}`} />
          <AnswerList
            answers={(order.answers ?? []).filter((answer) => answer.position === index)}
            className="mt-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
          />
        </li>
      ))}
    </ul>
  );
}
