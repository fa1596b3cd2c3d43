import type { Order } from '../../../src/contract/orders.ts';
import type { AnswerInput } from '../../../src/contract/questions.ts';
import { HttpError } from '../../lib/http-error.ts';
import { correctOrderAnswers } from '../questions/order-answers.service.ts';
import { itemsOf } from './orders.repository.ts';
import { buyersOrder, getOrder, type OrdersDeps } from './orders.service.ts';

// A buyer corrects their answers to the event's questions on their booking page (decision 064): the order is theirs
// as GET /orders/:orderId finds it for a buyer (the access token, or the account that bought it), and confirmed.

const confirmed = ['paid', 'partially_refunded'];

export async function changeOrderAnswers(
  deps: OrdersDeps,
  orderId: string,
  token: string | undefined,
  userId: string | null,
  answers: AnswerInput[],
): Promise<Order> {
  const order = await buyersOrder(deps, orderId, token, userId);
  if (!confirmed.includes(order.status)) {
    throw new HttpError('CONFLICT', 'Answers can be changed once the booking is confirmed, while it stands.');
  }
  const items = await itemsOf(deps.db, [order.id]);
  const lines = items.map((item) => ({ ticketTypeId: item.ticket_type_id, quantity: item.quantity }));
  await correctOrderAnswers(deps.db, order, lines, answers, userId);
  return getOrder(deps, orderId, token, userId);
}
