import type { Order } from '#contract/orders.ts';
import { TicketCard } from './ticket-card.tsx';

/** The order's tickets, one column on phones, two side by side on wider screens. */
export function OrderTickets({ order }: { order: Pick<Order, 'reference' | 'event' | 'tickets' | 'test'> }) {
  const count = order.tickets.length;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {order.tickets.map((ticket, index) => (
        <li key={ticket.id}>
          <TicketCard ticket={ticket} order={order} position={`Ticket ${index + 1} of ${count}`} />
        </li>
      ))}
    </ul>
  );
}
