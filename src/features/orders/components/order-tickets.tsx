import { AnswerList } from '#components/answer-list.tsx';
import type { Order } from '#contract/orders.ts';
import { AppleWalletButton } from './apple-wallet-button.tsx';
import { GoogleWalletButton } from './google-wallet-button.tsx';
import { TicketCard } from './ticket-card.tsx';

/**
 * The order's tickets, one column on phones, two side by side on wider screens; each with the answers given for it, and
 * ways into Google Wallet and Apple Wallet where the operator set them up.
 */
export function OrderTickets({
  order,
  token = null,
}: {
  order: Pick<Order, 'id' | 'reference' | 'event' | 'tickets' | 'test' | 'answers'>;
  token?: string | null;
}) {
  const count = order.tickets.length;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {order.tickets.map((ticket, index) => (
        <li key={ticket.id}>
          <TicketCard ticket={ticket} order={order} position={`Ticket ${index + 1} of ${count}`} />
          {ticket.status === 'valid' && ticket.code ? (
            <div className="mt-2 grid gap-2 empty:hidden">
              <GoogleWalletButton
                orderId={order.id}
                ticketId={ticket.id}
                token={token}
                label={`ticket ${index + 1} of ${count}`}
              />
              <AppleWalletButton
                orderId={order.id}
                ticketId={ticket.id}
                token={token}
                label={`ticket ${index + 1} of ${count}`}
              />
            </div>
          ) : null}
          <AnswerList
            answers={(order.answers ?? []).filter((answer) => answer.position === index)}
            className="mt-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
          />
        </li>
      ))}
    </ul>
  );
}
