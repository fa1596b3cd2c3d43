import { z } from 'zod';
import { orderSelfServiceSchema } from './cancellations.ts';
import { booleanQuery, currencySchema } from './events.ts';
import { answersInputSchema, orderAnswerSchema } from './questions.ts';
import { refundPolicySchema } from './refund-policy.ts';
import { ticketChangesSchema } from './ticket-transfers.ts';

/**
 * pending: tickets held, waiting for payment (until `holdExpiresAt`);
 * paid: tickets issued; failed: the payment was refused (the hold may still let the buyer retry);
 * expired: the hold lapsed unpaid; refunded / partially_refunded: money went back;
 * cancelled: released by the buyer or voided with the event.
 */
export const orderStatusSchema = z.enum(['pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** valid: admits its holder; voided: refunded, cancelled or reissued (its code is revoked). */
export const ticketStatusSchema = z.enum(['valid', 'voided']);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** The services a checkout is opened at. */
export const checkoutProviderSchema = z.enum(['sandbox', 'stripe']);
export type CheckoutProvider = z.infer<typeof checkoutProviderSchema>;

/**
 * Who took an order's money: a checkout provider, `none` for a free order, or `demo` for a sale the seed wrote on a
 * local instance (decision 057): no provider took it, and it counts as a sale, not as a TEST order.
 */
export const paymentProviderSchema = z.enum([...checkoutProviderSchema.options, 'none', 'demo']);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/** The provider whose orders are TEST orders: the sandbox takes no real money, wherever it runs. */
export const TEST_PROVIDER = 'sandbox' satisfies PaymentProviderName;
export const isTestOrder = (order: { provider: PaymentProviderName }) => order.provider === TEST_PROVIDER;

export const buyerSchema = z.object({
  name: z.string().trim().min(1, 'Enter your name.').max(120),
  email: z
    .email('Enter a valid email address.')
    .max(254)
    .transform((email) => email.toLowerCase()),
});
export type Buyer = z.infer<typeof buyerSchema>;

export const orderItemInputSchema = z.object({
  ticketTypeId: z.uuid('Not a valid ticket type.'),
  quantity: z.number().int('Choose a whole number of tickets.').min(1).max(100),
});

export const NOT_AN_EMAIL = 'That is not an email address.';
const emailFormat = z.email();
/**
 * A ticket holder's own address, given by the buyer: trimmed and lower-cased; '' means none, and mail about the
 * ticket goes to the buyer alone.
 */
export const holderEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { message: 'An email address has at most 254 characters.', abort: true })
  .refine((email) => email === '' || emailFormat.safeParse(email).success, NOT_AN_EMAIL);

/** A name printed on one ticket, and its holder's email if given; tickets of a type take them in order. */
export const attendeeInputSchema = z.object({
  ticketTypeId: z.uuid(),
  name: z.string().trim().max(120),
  email: holderEmailSchema.optional(),
});

export const createOrderSchema = z.object({
  eventId: z.uuid('Not a valid event id.'),
  items: z.array(orderItemInputSchema).min(1, 'Choose at least one ticket.').max(20),
  buyer: buyerSchema,
  attendees: z.array(attendeeInputSchema).max(100).optional(),
  /** A discount or access code of the event (decision 060), as the buyer typed it. */
  code: z.string().trim().max(40, 'That is not a code of this event.').optional(),
  /** The secret of a waiting-list offer (decision 063): the places it holds are this order's. */
  offer: z.string().trim().min(20, 'This offer link is not complete: open it from the mail again.').max(200).optional(),
  /** Answers to the event's questions (decision 064): an attendee question's answer names its ticket's position. */
  answers: answersInputSchema.optional(),
});
export type CreateOrder = z.infer<typeof createOrderSchema>;

/** `Idempotency-Key` on money-moving POSTs: a repeat with the same key returns the first answer. */
export const idempotencyKeySchema = z.string().trim().min(8).max(100);
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The platform's booking fee: `percentBasisPoints` of each paid ticket's price (250 = 2.5%) plus
 * `fixed` minor units per paid ticket, capped per ticket at `capPerTicket` when set. Free tickets pay none.
 */
export const bookingFeeRuleSchema = z.object({
  percentBasisPoints: z.number().int().min(0).max(10_000),
  fixed: z.number().int().min(0),
  capPerTicket: z.number().int().min(0).nullable(),
  /** At least this per paid ticket; null: no minimum. */
  minPerTicket: z.number().int().min(0).nullable(),
});
export type BookingFeeRule = z.infer<typeof bookingFeeRuleSchema>;
export const bookingFeeQuerySchema = z.object({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, e.g. GBP.')
    .optional(),
  /** The event the tickets are for: its organiser's fee plan prices them. */
  event: z.uuid('Not an event id.').optional(),
});

export const orderItemSchema = z.object({
  ticketTypeId: z.uuid(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  unitFee: z.number().int(),
});

export const ticketSchema = z.object({
  id: z.uuid(),
  ticketTypeId: z.uuid(),
  typeName: z.string(),
  holderName: z.string(),
  /** The holder's own address, when the buyer gave one: shown to the buyer and the organiser, never at the door. */
  holderEmail: z.string().nullable().default(null),
  status: ticketStatusSchema,
  /** What the QR code carries: the signed secret. Present for valid tickets only. */
  code: z.string().nullable(),
  /** What a person types at the door when the QR code will not scan (`K7QMX4PDR`, shown `K7Q-MX4-PDR`). Valid tickets only. */
  shortCode: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  /** When the ticket's money went back (a refund); a voided ticket without it was voided and kept its money. */
  refundedAt: z.string().nullable(),
  /** Bumped by each change of holder (decision 069): a change names the version it was made from. */
  version: z.number().int().optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

export const orderEventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timezone: z.string(),
  isOnline: z.boolean(),
  venueName: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  /** Revealed to holders of a paid order only. */
  onlineUrl: z.string().nullable(),
  /**
   * The refund policy the order was placed under (decision 068), else the event's as it stands now (decision 067);
   * null when its organiser has set none. Defaults for orders a phone saved before policies existed, so they still read.
   */
  refundPolicy: refundPolicySchema.nullable().default(null),
});

/** A typed reference, or part of one, without case, spaces or dashes: what to look for in a reference without its dash. */
export const referenceCompact = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

/**
 * An order reference as a person types it (any case; with its dash, a space or nothing between the halves:
 * `qgge6jgs`) written as it is stored, `QGGE-6JGS`; null when the text cannot be a whole reference.
 */
export function orderReferenceOf(text: string): string | null {
  const compact = referenceCompact(text);
  return /^[A-Z0-9]{8}$/.test(compact) ? `${compact.slice(0, 4)}-${compact.slice(4)}` : null;
}

export const orderSchema = z.object({
  id: z.uuid(),
  /** Short, human reference printed on tickets and searched at the door, e.g. `K7P3-9QXM`. */
  reference: z.string(),
  status: orderStatusSchema,
  event: orderEventSchema,
  buyer: z.object({ name: z.string(), email: z.string() }),
  items: z.array(orderItemSchema),
  currency: currencySchema,
  /** The tickets' price as charged, after `discount`, which the code `discountCode` took off (0 and null without). */
  subtotal: z.number().int(),
  discount: z.number().int(),
  discountCode: z.string().nullable(),
  bookingFee: z.number().int(),
  total: z.number().int(),
  refunded: z.number().int(),
  provider: paymentProviderSchema,
  /**
   * Paid in the payment sandbox (`provider` sandbox): a TEST order. Its tickets are TEST tickets, not valid for
   * entry unless the event is in test mode, and its money is play money, left out of every total.
   */
  test: z.boolean(),
  /** Where to pay while the order is pending, else null. */
  paymentUrl: z.string().nullable(),
  /**
   * Free tickets held until the buyer enters the code mailed to the buyer email (their email is not proven:
   * a guest, or an account buying for another email); then they are issued.
   */
  awaitingEmailCode: z.boolean(),
  holdExpiresAt: z.string().nullable(),
  /** Why the last payment attempt failed, in words for the buyer. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  tickets: z.array(ticketSchema),
  /** Answers to the event's questions (decision 064), the order's and each ticket's (by position); the API always sends them. */
  answers: z.array(orderAnswerSchema).optional(),
  /** Until when the buyer may correct them; null: not after booking. */
  answersEditableUntil: z.string().nullable().optional(),
  /**
   * What the buyer may cancel or ask to have refunded, as the server judged it when it answered (decision 068). Absent
   * from copies a phone saved before.
   */
  selfService: orderSelfServiceSchema.optional(),
  /** Which tickets may change holder now, and who held them before (decision 069). Absent from copies saved before. */
  ticketChanges: ticketChangesSchema.optional(),
  /** Lets a guest buyer read this order (return pages); only in the answer to its creation. */
  accessToken: z.string().optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderParamsSchema = z.object({ orderId: z.uuid('Not a valid order id.') });
/** The 6-digit code mailed to the buyer email of a free order (see `awaitingEmailCode`). */
export const orderEmailCodeSchema = z.object({
  code: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from the email.')),
});
export type OrderEmailCode = z.infer<typeof orderEmailCodeSchema>;
/** A guest reads their order with the token they got at creation. */
export const orderAccessQuerySchema = z.object({ token: z.string().max(200).optional() });
/** A link that adds a ticket to a wallet app. */
export const walletLinkSchema = z.object({ url: z.string() });
export const myOrdersSchema = z.object({ items: z.array(orderSchema) });

// Sandbox payment page (TEST MODE) ---------------------------------------------------------------

export const sandboxSessionParamsSchema = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Unknown session.') });

export const sandboxSessionSchema = z.object({
  sessionId: z.string(),
  orderId: z.uuid(),
  reference: z.string(),
  eventTitle: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  expiresAt: z.string(),
  /** Where the buyer goes after paying or giving up. */
  successUrl: z.string(),
  cancelUrl: z.string(),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;

export const sandboxPaymentSchema = z.object({
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number.')),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'Use MM/YY.'),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back.'),
  name: z.string().trim().min(1, 'Enter the name on the card.').max(120),
});
/** What the sandbox does with a test card. */
export const sandboxOutcomeSchema = z.enum(['succeeded', 'declined', 'insufficient_funds']);
export type SandboxOutcome = z.infer<typeof sandboxOutcomeSchema>;

export const sandboxPaymentResultSchema = z.object({
  outcome: sandboxOutcomeSchema,
  redirectUrl: z.string(),
});

// Organiser: orders, payments, refunds -----------------------------------------------------------

export const orderListQuerySchema = z.object({
  eventId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  status: orderStatusSchema.optional(),
  /** true: TEST orders only; false: real orders only; absent: both. */
  test: booleanQuery.optional(),
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/** Money per currency: an organisation may sell in several. Real orders only (no TEST orders). */
export const paymentTotalsSchema = z.object({
  currency: z.string(),
  gross: z.number().int(),
  bookingFees: z.number().int(),
  refunds: z.number().int(),
  net: z.number().int(),
  orders: z.number().int(),
  tickets: z.number().int(),
});

export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  kind: z.string(),
  amount: z.number().int().nullable(),
  note: z.string(),
});

export const organizerOrderSchema = orderSchema.extend({
  history: z.array(orderHistoryEntrySchema),
  /**
   * The tickets a refund can still cover: the valid ones, and those voided by an administrator (a void moves no
   * money) whose money has not gone back yet. Empty when the order cannot be refunded.
   */
  refundableTicketIds: z.array(z.uuid()),
});
export type OrganizerOrder = z.infer<typeof organizerOrderSchema>;

export const orderListSchema = z.object({
  items: z.array(orderSchema.omit({ tickets: true, accessToken: true })),
  /** Real money only: TEST orders are never counted here. */
  totals: z.array(paymentTotalsSchema),
  /** Paid TEST orders among the filtered ones: listed, but left out of `totals`. */
  testOrders: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type OrderList = z.infer<typeof orderListSchema>;

/** Refund a whole order (no `ticketIds`) or some of its tickets. */
export const refundSchema = z.object({
  ticketIds: z.array(z.uuid()).min(1).max(100).optional(),
  reason: z.string().trim().max(300).default(''),
});
export type RefundRequest = z.infer<typeof refundSchema>;

// Door: checking codes offline ---------------------------------------------------------------------

/** An event's public keys (several while keys rotate) and the ids of tickets whose codes are revoked. */
export const ticketKeysSchema = z.object({
  keys: z.array(z.object({ keyId: z.string(), publicKey: z.string() })),
  revoked: z.array(z.uuid()),
});
export type TicketKeys = z.infer<typeof ticketKeysSchema>;
