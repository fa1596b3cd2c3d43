import type { ColumnType, Generated } from 'kysely';
import type { AttendeeAudience, AttendeeMessageStatus } from '../../src/contract/attendee-messages.ts';
import type { RefundRequestStatus } from '../../src/contract/cancellations.ts';
import type { EventStatus } from '../../src/contract/events.ts';
import type { CheckoutProvider, OrderStatus, PaymentProviderName, TicketStatus } from '../../src/contract/orders.ts';
import type { AnswerValue, AskedQuestion, QuestionKind, QuestionScope } from '../../src/contract/questions.ts';
import type { RefundPolicy } from '../../src/contract/refund-policy.ts';
import type { ReportMailFrequency, ReportMailOutcome } from '../../src/contract/report-mails.ts';
import type { ReportDateBy, ReportFormat, ReportKind } from '../../src/contract/reports.ts';
import type { KycStatus, MemberRole, UserType } from '../../src/contract/users.ts';
import type { WaitingEntryStatus } from '../../src/contract/waiting-list.ts';

/** The enums are the API's (src/contract); the events domain reads this one through the database's types. */
export type { EventStatus };

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Append-only trail of notable actions (check-ins, payments, admin actions). */
export interface AuditLogTable {
  id: Generated<string>;
  actor_id: string | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  details: ColumnType<Record<string, unknown>, Record<string, unknown> | string, never>;
  created_at: CreatedAt;
}

/** Facts about this database itself, such as when demo data was seeded. */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** Date-only; pg returns it as a string `yyyy-MM-dd`. */
  date_of_birth: ColumnType<string, string, string>;
  user_type: UserType;
  is_admin: Generated<boolean>;
  email_confirmed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
  /** Set while an administrator has suspended the account: no sign-in, no token works (migration 0020). */
  suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A named set of admin permissions (migration 0020); one built-in group holds them all. */
export interface AdminGroupsTable {
  id: Generated<string>;
  name: string;
  built_in: Generated<boolean>;
  permissions: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
}

export interface AdminGroupMembersTable {
  group_id: string;
  user_id: string;
  added_at: CreatedAt;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: string;
  kyc_status: Generated<KycStatus>;
  description: Generated<string>;
  logo_key: string | null;
  website: string | null;
  contact_email: string | null;
  city: string | null;
  /** The zone new events start in (migration 0030); null until set. */
  timezone: string | null;
  /** Stripe connected account that receives ticket money, when the organisation has one. */
  stripe_account_id: string | null;
  /** Whether the organisation can be paid out (the sandbox's bank account, or Stripe's `payouts_enabled`). */
  payouts_enabled: Generated<boolean>;
  charges_enabled: Generated<boolean>;
  /** Set by an administrator: the organisation's events stop selling. */
  suspended_at: Timestamp | null;
  suspension_reason: string | null;
  social_links: ColumnType<Record<string, string>, Record<string, string> | string | undefined, Record<string, string> | string>;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
}

export interface OrganizationMembersTable {
  organization_id: string;
  user_id: string;
  role: MemberRole;
  created_at: CreatedAt;
}

export interface OrganizationInvitationsTable {
  id: Generated<string>;
  organization_id: string;
  email: string;
  role: MemberRole;
  token_hash: string;
  invited_by: string | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'confirm_email' | 'reset_password';
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

/** One sign-up for an address that has no account yet (decision 019): its own password, details and code. */
export interface SignUpAttemptsTable {
  id: Generated<string>;
  /** Lower case. */
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  date_of_birth: ColumnType<string, string, string>;
  user_type: UserType;
  organization_name: string | null;
  code_hash: string | null;
  code_expires_at: Timestamp | null;
  wrong_tries: Generated<number>;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** A browser that has signed in to the account: the right password from it passes the per-account limits. */
export interface KnownDevicesTable {
  user_id: string;
  /** SHA-256 of the random id in the browser's HttpOnly cookie. */
  token_hash: string;
  created_at: CreatedAt;
  last_seen_at: DefaultedTimestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: CreatedAt;
}

/** An administrator acting as a user for support (decision 033); its id is the acting token's `jti`. */
export interface ActingSessionsTable {
  id: Generated<string>;
  admin_id: string;
  user_id: string;
  reason: string;
  started_at: CreatedAt;
  expires_at: Timestamp;
  ended_at: Timestamp | null;
}

export interface MailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: Generated<number>;
  next_attempt_at: DefaultedTimestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  /** Where replies go (an organiser's message to attendees), else nowhere but the sender. */
  reply_to: string | null;
  /** When the receiving server refused the address for good (a 5xx answer): it is not tried again. */
  bounced_at: Timestamp | null;
  /** Files sent with the message (base64 content), e.g. QR images and a calendar entry. */
  attachments: ColumnType<MailAttachmentRow[], MailAttachmentRow[] | string | undefined, never>;
  created_at: CreatedAt;
}

export interface MailAttachmentRow {
  filename: string;
  contentType: string;
  /** Base64. Absent when the file is drawn at sending time (`qrCode`). */
  content?: string;
  /** Text drawn as a QR code PNG when the message is sent, so the request that queued it never pays for drawing. */
  qrCode?: string;
  /** Set for images shown inline in the HTML (`<img src="cid:…">`). */
  cid?: string;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: Timestamp;
  hits: Generated<number>;
}

export interface UploadsTable {
  key: string;
  /** Who uploaded it; null once their account is gone (the organisation keeps the image). */
  owner_id: string | null;
  /** The organisation it was uploaded for; null for images stored before images had owners (migration 0013). */
  organization_id: string | null;
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  created_at: CreatedAt;
  /** Null while an `aws` key is reserved and the browser has not yet put the object. */
  stored_at: Timestamp | null;
}

export interface EventsTable {
  id: Generated<string>;
  organization_id: string;
  title: string;
  summary: Generated<string>;
  description: Generated<string>;
  category: string;
  cover_image_key: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  timezone: string;
  is_online: Generated<boolean>;
  online_url: string | null;
  venue_name: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
  status: Generated<EventStatus>;
  hold_minutes: Generated<number>;
  /** Changes with every change to what its orders are priced and checked with (migration 0011, decision 018). */
  sale_version: Generated<number>;
  /** The door admits TEST tickets (paid in the sandbox) while this is on (migration 0014). */
  test_mode: Generated<boolean>;
  published_at: Timestamp | null;
  /** Shown first on the home page since then (migration 0022). */
  featured_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Suspended by an administrator: unpublished, and cannot be published until lifted (migration 0022). */
  suspended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  suspension_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** What buyers are told about refunds (migration 0047, decision 067); null until the organiser sets one. */
  refund_policy: ColumnType<RefundPolicy | null, string | null | undefined, string | null>;
  /** Buyers may cancel within the policy themselves (migration 0049, decision 068). */
  buyer_cancellation: Generated<boolean>;
  /** Holders may pass tickets on until this many hours before the start; null: they may not (migration 0050, decision 069). */
  transfer_cutoff_hours: number | null;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
  /** Generated by the database from the text columns. */
  search: ColumnType<string, never, never>;
}

/** An event's discount and access codes (migration 0042, decision 060); `uses` moves only with orders. */
export interface DiscountCodesTable {
  id: Generated<string>;
  event_id: string;
  code: string;
  kind: 'percent' | 'amount' | 'price' | null;
  value: number | null;
  per_order: ColumnType<boolean, boolean | undefined, boolean>;
  ticket_type_ids: ColumnType<string[], string[] | undefined, string[]>;
  unlocks_ticket_type_ids: ColumnType<string[], string[] | undefined, string[]>;
  max_uses: number | null;
  max_uses_per_buyer: number | null;
  min_quantity: number | null;
  starts_at: Timestamp | null;
  ends_at: Timestamp | null;
  note: ColumnType<string, string | undefined, string>;
  uses: ColumnType<number, never, never>;
  version: ColumnType<number, never, number>;
  archived_at: Timestamp | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
}

/**
 * Places shared by some of an event's ticket types, or (`all_types`) by all of them: the event's capacity (migration
 * 0043, decision 061). `taken` follows its types' `taken` by trigger; `taken <= capacity` is a CHECK.
 */
export interface CapacityQuotasTable {
  id: Generated<string>;
  event_id: string;
  name: string;
  capacity: number;
  taken: ColumnType<number, never, never>;
  all_types: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
}

/** An event's waiting-list settings (migration 0044, decision 063); an event without a row has none open. */
export interface WaitingListsTable {
  event_id: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  automatic: ColumnType<boolean, boolean | undefined, boolean>;
  offer_hours: ColumnType<number, number | undefined, number>;
  updated_at: DefaultedTimestamp;
}

/** One person's place in a ticket type's waiting list; an offer's places are held in the type's `taken`. */
export interface WaitingListEntriesTable {
  id: Generated<string>;
  event_id: string;
  ticket_type_id: string;
  email: string;
  name: string;
  user_id: string | null;
  quantity: number;
  status: WaitingEntryStatus;
  queued_at: Timestamp | null;
  offered_quantity: number | null;
  offered_at: Timestamp | null;
  offer_expires_at: Timestamp | null;
  order_id: string | null;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
}

/** A question an organiser asks at checkout (migration 0045, decision 064); an archived one is asked no more. */
export interface EventQuestionsTable {
  id: Generated<string>;
  event_id: string;
  label: string;
  help: ColumnType<string, string | undefined, string>;
  kind: QuestionKind;
  scope: QuestionScope;
  required: ColumnType<boolean, boolean | undefined, boolean>;
  options: ColumnType<string[], string[] | undefined, string[]>;
  ticket_type_ids: ColumnType<string[], string[] | undefined, string[]>;
  show_at_door: ColumnType<boolean, boolean | undefined, boolean>;
  position: ColumnType<number, number | undefined, number>;
  archived_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
}

/** Until when an event's buyers may correct their answers; an event without a row: not after booking. */
export interface EventQuestionSettingsTable {
  event_id: string;
  answers_editable_until: Timestamp | null;
  /** Days after the event ends that its answers are kept, then deleted (migration 0048); null: as long as the order. */
  answers_kept_days: number | null;
  updated_at: DefaultedTimestamp;
}

/** The question as an answer keeps it: as it was asked, with its label and kind. */
export type AnswerSnapshot = AskedQuestion;

/** One answer of an order: `position` is its ticket's place in the order, null for a question asked once per order. */
export interface OrderAnswersTable {
  order_id: string;
  question_id: string;
  position: number | null;
  question: ColumnType<AnswerSnapshot, AnswerSnapshot | string, AnswerSnapshot | string>;
  value: ColumnType<AnswerValue, string, string>;
  updated_at: DefaultedTimestamp;
}

/** The ticket types of a named quota (an `all_types` quota has no rows here: it holds every type of its event). */
export interface CapacityQuotaTypesTable {
  quota_id: string;
  ticket_type_id: string;
}

export interface TicketTypesTable {
  id: Generated<string>;
  event_id: string;
  name: string;
  description: Generated<string>;
  price: number;
  currency: string;
  capacity: number;
  /**
   * Tickets taken from stock: held for payment by live orders, or sold. `taken <= capacity` is a CHECK.
   * How many are held is read from the live orders (see ticketTypesOf).
   */
  taken: Generated<number>;
  min_per_order: Generated<number>;
  max_per_order: Generated<number>;
  sales_start: Timestamp | null;
  sales_end: Timestamp | null;
  hidden: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

export interface BookmarksTable {
  user_id: string;
  event_id: string;
  created_at: CreatedAt;
}

// Booking ------------------------------------------------------------------------------------------

export interface BookingFeeRulesTable {
  id: Generated<string>;
  percent_basis_points: number;
  fixed: number;
  cap_per_ticket: number | null;
  /** At least this per paid ticket (migration 0031); null: no minimum. */
  min_per_ticket: number | null;
  /** The currency it prices (its amounts are in its minor units); null: every currency without a rule of its own. */
  currency: string | null;
  /** The organisation whose fee plan it belongs to (migration 0032); null: the platform's rule. */
  organization_id: string | null;
  effective_from: DefaultedTimestamp;
  created_at: CreatedAt;
}

export interface OrdersTable {
  id: string;
  reference: string;
  event_id: string;
  user_id: string | null;
  buyer_name: string;
  buyer_email: string;
  status: OrderStatus;
  currency: string;
  subtotal: number;
  booking_fee: number;
  total: number;
  refunded: Generated<number>;
  provider: PaymentProviderName;
  hold_expires_at: Timestamp | null;
  failure_reason: string | null;
  idempotency_scope: string;
  idempotency_key: string;
  request_hash: string;
  created_at: CreatedAt;
  paid_at: Timestamp | null;
  updated_at: DefaultedTimestamp;
  /** The network (IPv4 address or IPv6 /64) an unproven buyer ordered from; null when not counted. */
  network_prefix: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its valid tickets, kept by a trigger on tickets for the dashboard's rollup (migration 0035): a new order has none. */
  valid_tickets: ColumnType<number, number | undefined, never>;
  /** Its valid tickets' ticket money and booking fees, kept with `valid_tickets`. */
  valid_price: ColumnType<number, number | undefined, never>;
  valid_fee: ColumnType<number, number | undefined, never>;
  /** The same per ticket type, `{"<type id>": [tickets, ticket money, booking fees]}` (migration 0036). */
  valid_types: ColumnType<Record<string, [number, number, number]>, never, never>;
  /** The discount or access code the order was placed with (decision 060), and what it took off the tickets. */
  discount_code_id: ColumnType<string | null, string | null | undefined, string | null>;
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  discount: ColumnType<number, number | undefined, number>;
  /** The event's refund policy when the order was placed (migration 0049); null for orders placed before. */
  refund_policy: ColumnType<RefundPolicy | null, string | null | undefined, never>;
}

/** A buyer's request for a refund outside the policy, decided by the organiser (migration 0049, decision 068). */
export interface RefundRequestsTable {
  id: Generated<string>;
  order_id: string;
  event_id: string;
  ticket_ids: ColumnType<string[], string, never>;
  reason: string;
  status: ColumnType<RefundRequestStatus, RefundRequestStatus | undefined, RefundRequestStatus>;
  decision_note: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  refunded_amount: number | null;
  created_at: CreatedAt;
}

/** Tickets placed per event and network by unproven buyers; only ever raised (decision 021). */
export interface NetworkTicketCountsTable {
  event_id: string;
  network_prefix: string;
  free_tickets: Generated<number>;
  paid_tickets: Generated<number>;
}

/** The code that proves a free order's email before its tickets are issued. */
export interface OrderEmailCodesTable {
  order_id: string;
  code_hash: string;
  wrong_tries: Generated<number>;
  sends: Generated<number>;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
}

export interface OrderItemsTable {
  order_id: string;
  ticket_type_id: string;
  name: string;
  quantity: number;
  unit_price: number;
  unit_fee: number;
  holder_names: ColumnType<string[], string | undefined, never>;
  /** The holders' own addresses, by position within the line ('' where none was given; migration 0046). */
  holder_emails: ColumnType<string[], string | undefined, never>;
}

export interface EventSigningKeysTable {
  id: Generated<string>;
  event_id: string;
  public_key: string;
  private_key: string;
  created_at: CreatedAt;
}

export interface TicketsTable {
  id: string;
  order_id: string;
  event_id: string;
  ticket_type_id: string;
  holder_name: string;
  /** The holder's own address, when the buyer gave one (migration 0046); else mail about the ticket goes to the buyer. */
  holder_email: string | null;
  position: number;
  status: Generated<TicketStatus>;
  code: string;
  /** What a person types at the door (decision 052): unique within the event. */
  short_code: string;
  unit_price: number;
  unit_fee: number;
  voided_at: Timestamp | null;
  /** When its money went back (a refund, an event's cancellation); null while valid or voided without a refund. */
  refunded_at: Timestamp | null;
  /** Bumped by each change of holder (migration 0050): a change names the version it was made from. */
  holder_version: Generated<number>;
  created_at: CreatedAt;
}

/** A ticket passed on or its holder's name corrected (migration 0050, decision 069). */
export interface TicketTransfersTable {
  id: Generated<string>;
  ticket_id: string;
  order_id: string;
  event_id: string;
  kind: 'transfer' | 'rename';
  from_name: string;
  from_email: string | null;
  to_name: string;
  to_email: string | null;
  by_user_id: string | null;
  created_at: CreatedAt;
}

export interface TicketRevocationsTable {
  ticket_id: string;
  event_id: string;
  reason: string;
  revoked_at: CreatedAt;
}

export interface PaymentsTable {
  id: Generated<string>;
  order_id: string;
  provider: CheckoutProvider;
  session_id: string | null;
  payment_ref: string | null;
  checkout_url: string | null;
  amount: number;
  currency: string;
  status: Generated<'open' | 'succeeded' | 'failed' | 'expired'>;
  failure_reason: string | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
  updated_at: DefaultedTimestamp;
}

export interface PaymentEventsTable {
  id: Generated<string>;
  provider: string;
  provider_event_id: string;
  type: string;
  order_id: string | null;
  outcome: string;
  payload: ColumnType<Record<string, unknown>, Record<string, unknown> | string, never>;
  received_at: CreatedAt;
}

export interface RefundsTable {
  id: Generated<string>;
  order_id: string;
  amount: number;
  fee_amount: number;
  currency: string;
  reason: string;
  ticket_ids: ColumnType<string[], string, never>;
  actor_id: string | null;
  idempotency_key: string;
  request_hash: string;
  provider: PaymentProviderName;
  payment_ref: string | null;
  provider_refund_id: string | null;
  status: Generated<'pending' | 'succeeded' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  completed_at: Timestamp | null;
}

export type LedgerKind = 'charge' | 'booking_fee' | 'refund' | 'booking_fee_refund' | 'payout';

export interface LedgerEntriesTable {
  id: Generated<string>;
  order_id: string;
  event_id: string;
  kind: LedgerKind;
  amount: number;
  currency: string;
  payment_id: string | null;
  refund_id: string | null;
  /** The payout that paid this order out (kind `payout`, migration 0026). */
  payout_id: ColumnType<string | null, string | null | undefined, never>;
  /** Its event's organisation, written by a trigger (migration 0036) for the reports' ordered reads. */
  organization_id: ColumnType<string, never, never>;
  note: Generated<string>;
  created_at: CreatedAt;
}

// --- payouts (issue 18, migration 0026): what the sandbox pays an organisation after its events end ---
export interface PayoutsTable {
  id: Generated<string>;
  organization_id: string;
  currency: string;
  amount: number;
  order_count: number;
  provider: string;
  reference: string;
  status: Generated<'paid'>;
  created_at: CreatedAt;
}

export interface PayoutOrdersTable {
  order_id: string;
  payout_id: string;
  amount: number;
}

// --- door (issue 6): the scan log and who is in (migration 0006) ---
export interface CheckinsTable {
  id: string;
  event_id: string;
  ticket_id: string | null;
  kind: Generated<'scan' | 'undo'>;
  device_id: string;
  client_scan_id: string;
  user_id: string | null;
  device_name: string | null;
  direction: Generated<'in' | 'out'>;
  manual: Generated<boolean>;
  scanned_at: Timestamp;
  received_at: CreatedAt;
  result: string;
  offline_result: string | null;
  duplicate: Generated<boolean>;
  changed_at: DefaultedTimestamp;
  undoes: string | null;
  reason: Generated<string>;
  code_hash: Generated<string>;
  /** The device's clock was outside what the server knows (migration 0013): scanned_at is the receive time. */
  clock_suspect: Generated<boolean>;
  /** What the device said, when it was not trusted. */
  device_scanned_at: Timestamp | null;
}

export interface ScanDataDownloadsTable {
  event_id: string;
  device_id: string;
  user_id: string | null;
  downloaded_at: CreatedAt;
  /** The device's latest fetch of the event's scan data, after uploading its queue (migration 0029). */
  synced_at: DefaultedTimestamp;
  /** Its latest upload of scans decided offline, and the scanner's name on it (migration 0029). */
  uploaded_at: Timestamp | null;
  device_name: string | null;
}

export interface TicketAdmissionsTable {
  ticket_id: string;
  event_id: string;
  checkin_id: string;
  scanned_at: Timestamp;
  device_id: string;
  device_name: string | null;
  inside: Generated<boolean>;
  moved_at: Timestamp;
}
// --- end door ---

/** Views of an event's public page per UTC day (migration 0016): one counter row per event and day. */
export interface EventPageViewsTable {
  event_id: string;
  /** Date-only; pg returns it as a string `yyyy-MM-dd`. */
  day: ColumnType<string, string, string>;
  views: Generated<number>;
}

// Help desk -----------------------------------------------------------------------------------------

export interface HelpCategoriesTable {
  slug: string;
  title: string;
  summary: Generated<string>;
  position: Generated<number>;
  first_reply_hours: Generated<number>;
  created_at: CreatedAt;
}

export interface HelpArticlesTable {
  id: Generated<string>;
  category_slug: string;
  slug: string;
  title: string;
  summary: Generated<string>;
  body: string;
  status: Generated<'draft' | 'published'>;
  position: Generated<number>;
  helpful_votes: Generated<number>;
  unhelpful_votes: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface HelpSearchTermsTable {
  article_id: string;
  term: string;
  weight: number;
}

export interface HelpTermGramsTable {
  gram: string;
  term: string;
  gram_count: number;
}

export interface HelpArticleVotesTable {
  article_id: string;
  voter: string;
  helpful: boolean;
  created_at: CreatedAt;
}

export type HelpCaseStateRow = 'unconfirmed' | 'new' | 'open' | 'pending' | 'resolved' | 'closed';

export interface HelpCasesTable {
  id: Generated<string>;
  reference: string;
  user_id: string | null;
  email: string;
  name: string;
  category_slug: string;
  subject: string;
  state: HelpCaseStateRow;
  assigned_to: string | null;
  order_id: string | null;
  event_id: string | null;
  first_reply_due_at: Timestamp;
  first_replied_at: Timestamp | null;
  resolved_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Since when the case waits on the customer (migration 0023); the reminder is mailed days after. */
  pending_since: Timestamp | null;
  reminded_at: Timestamp | null;
  /** A guest's 6-digit code (keyed hash), its expiry and the wrong tries against it (migration 0023). */
  proof_code_hash: string | null;
  proof_code_expires_at: Timestamp | null;
  proof_wrong_tries: Generated<number>;
}

/** How many cases each queue holds, kept by triggers on help_cases (migration 0023); `mine:<agent id>` per agent. */
export interface HelpCaseCountsTable {
  bucket: string;
  cases: ColumnType<string, string | number, string | number>;
}

/** Files attached to a case (migration 0023): images and PDF, type read from the bytes. */
export interface HelpCaseAttachmentsTable {
  id: Generated<string>;
  case_id: string;
  author: 'customer' | 'agent';
  author_user_id: string | null;
  filename: string;
  content_type: string;
  size_bytes: number;
  bytes: Uint8Array;
  /** Kept among the agents, never shown to the person who raised the case (migration 0024). */
  internal: Generated<boolean>;
  created_at: CreatedAt;
}

/** The agents' saved replies (migration 0023). */
export interface HelpSavedRepliesTable {
  id: Generated<string>;
  title: string;
  body: string;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface HelpCaseMessagesTable {
  id: Generated<string>;
  case_id: string;
  author: 'customer' | 'agent';
  author_user_id: string | null;
  body: string;
  internal: Generated<boolean>;
  created_at: CreatedAt;
}

export interface HelpCaseHistoryTable {
  id: Generated<string>;
  case_id: string;
  actor: 'customer' | 'agent' | 'system';
  actor_user_id: string | null;
  action: string;
  detail: Generated<string>;
  created_at: CreatedAt;
}

/** A mailed link (kind link, used once) or the access it was exchanged for (kind access). */
export interface HelpCaseAccessTable {
  token_hash: string;
  case_id: string;
  email: string;
  kind: 'link' | 'access';
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface Database {
  audit_log: AuditLogTable;
  app_meta: AppMetaTable;
  users: UsersTable;
  admin_groups: AdminGroupsTable;
  admin_group_members: AdminGroupMembersTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  organization_invitations: OrganizationInvitationsTable;
  verification_codes: VerificationCodesTable;
  sign_up_attempts: SignUpAttemptsTable;
  known_devices: KnownDevicesTable;
  refresh_tokens: RefreshTokensTable;
  acting_sessions: ActingSessionsTable;
  mail_outbox: MailOutboxTable;
  attendee_messages: AttendeeMessagesTable;
  refund_requests: RefundRequestsTable;
  ticket_transfers: TicketTransfersTable;
  attendee_message_recipients: AttendeeMessageRecipientsTable;
  rate_limit_counters: RateLimitCountersTable;
  uploads: UploadsTable;
  events: EventsTable;
  ticket_types: TicketTypesTable;
  capacity_quotas: CapacityQuotasTable;
  capacity_quota_types: CapacityQuotaTypesTable;
  waiting_lists: WaitingListsTable;
  waiting_list_entries: WaitingListEntriesTable;
  event_questions: EventQuestionsTable;
  event_question_settings: EventQuestionSettingsTable;
  order_answers: OrderAnswersTable;
  bookmarks: BookmarksTable;
  booking_fee_rules: BookingFeeRulesTable;
  orders: OrdersTable;
  discount_codes: DiscountCodesTable;
  order_items: OrderItemsTable;
  network_ticket_counts: NetworkTicketCountsTable;
  order_email_codes: OrderEmailCodesTable;
  event_signing_keys: EventSigningKeysTable;
  tickets: TicketsTable;
  ticket_revocations: TicketRevocationsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  refunds: RefundsTable;
  ledger_entries: LedgerEntriesTable;
  payouts: PayoutsTable;
  payout_orders: PayoutOrdersTable;
  checkins: CheckinsTable;
  ticket_admissions: TicketAdmissionsTable;
  scan_data_downloads: ScanDataDownloadsTable;
  event_page_views: EventPageViewsTable;
  help_categories: HelpCategoriesTable;
  help_articles: HelpArticlesTable;
  help_search_terms: HelpSearchTermsTable;
  help_term_grams: HelpTermGramsTable;
  help_article_votes: HelpArticleVotesTable;
  help_cases: HelpCasesTable;
  help_case_messages: HelpCaseMessagesTable;
  help_case_history: HelpCaseHistoryTable;
  help_case_access: HelpCaseAccessTable;
  organization_verifications: OrganizationVerificationsTable;
  verification_documents: VerificationDocumentsTable;
  help_case_counts: HelpCaseCountsTable;
  help_saved_replies: HelpSavedRepliesTable;
  help_case_attachments: HelpCaseAttachmentsTable;
  report_mails: ReportMailsTable;
  event_money_days: EventMoneyDaysTable;
  event_order_days: EventOrderDaysTable;
  event_type_days: EventTypeDaysTable;
  event_admission_counts: EventAdmissionCountsTable;
}

/** Rollups the dashboard reads (migration 0035), kept by triggers; `bigint`/sums come back as strings. Never written by the app. */
export interface EventMoneyDaysTable {
  event_id: string;
  /** A `date` column: a UTC day. */
  day: string;
  currency: string;
  test: boolean;
  shard: number;
  gross: ColumnType<string, never, never>;
  fees: ColumnType<string, never, never>;
  refunds: ColumnType<string, never, never>;
  /** How many ledger entries. */
  entries: number;
}

export interface EventOrderDaysTable {
  event_id: string;
  /** The UTC day the order was paid, or placed when never paid. */
  day: string;
  status: OrderStatus;
  currency: string;
  test: boolean;
  shard: number;
  orders: number;
  /** Of those, the orders that paid money (paid at some time, for more than nothing). */
  paying_orders: number;
  /** Of those, the orders with at least one valid ticket. */
  sold_orders: number;
  /** Its orders' valid tickets, their ticket money and booking fees. */
  tickets: number;
  ticket_money: ColumnType<string, never, never>;
  ticket_fees: ColumnType<string, never, never>;
}

/** Tickets sold (valid, their order paid or partly refunded) per ticket type and UTC day of payment (migration 0036). */
export interface EventTypeDaysTable {
  event_id: string;
  ticket_type_id: string;
  day: string;
  currency: string;
  test: boolean;
  shard: number;
  tickets: number;
  ticket_money: ColumnType<string, never, never>;
  ticket_fees: ColumnType<string, never, never>;
}

export interface EventAdmissionCountsTable {
  event_id: string;
  shard: number;
  admitted: number;
  inside: number;
}

/** A report mailed on a schedule (migration 0034); `next_send_at` null once stopped. */
export interface ReportMailsTable {
  id: Generated<string>;
  organization_id: string;
  created_by: string;
  report: ReportKind;
  event_id: string | null;
  date_by: ReportDateBy;
  currency: string | null;
  format: ReportFormat;
  frequency: ReportMailFrequency;
  recipients: string[];
  next_send_at: Timestamp | null;
  last_sent_at: Timestamp | null;
  last_outcome: ReportMailOutcome | null;
  created_at: CreatedAt;
}

/** Who an organisation is as a seller, and what its verification still needs (one row per organisation). */
export interface OrganizationVerificationsTable {
  organization_id: string;
  seller_type: 'individual' | 'company' | null;
  legal_name: string | null;
  country: string | null;
  address_line: string | null;
  city: string | null;
  postal_code: string | null;
  /** A `date` column: read back as a `yyyy-MM-dd` string. */
  representative_birth_date: ColumnType<string | null, string | null | undefined, string | null>;
  tax_id: string | null;
  bank_account_holder: string | null;
  bank_sort_code: string | null;
  bank_account_last4: string | null;
  bank_status: 'valid' | 'failed' | null;
  action_required: string | null;
  action_deadline: Timestamp | null;
  rejection_reason: string | null;
  requirements_due: ColumnType<string[], string[] | undefined, string[]>;
  requirements_past_due: ColumnType<string[], string[] | undefined, string[]>;
  disabled_reason: string | null;
  /** When the provider's last applied account state was made (an older webhook is not applied over it). */
  provider_state_at: Timestamp | null;
  submitted_at: Timestamp | null;
  decided_at: Timestamp | null;
  decided_by: string | null;
  updated_at: DefaultedTimestamp;
}

/** Identity and business documents, kept in the database; never behind a public link. */
export interface VerificationDocumentsTable {
  id: Generated<string>;
  organization_id: string;
  kind: 'identity' | 'address' | 'company';
  /** The file itself: kept in the database, like case files, so every instance serves it (decision 029). */
  bytes: Uint8Array;
  content_type: string;
  size_bytes: number;
  file_name: string;
  uploaded_by: string | null;
  uploaded_at: CreatedAt;
}

/** An organiser's message to the attendees of an event (migration 0046, decision 066). */
export interface AttendeeMessagesTable {
  id: Generated<string>;
  event_id: string;
  organization_id: string;
  author_id: string | null;
  subject: string;
  body: string;
  audience: ColumnType<AttendeeAudience, AttendeeAudience | string, AttendeeAudience | string>;
  reply_to: string | null;
  status: AttendeeMessageStatus;
  send_at: DefaultedTimestamp;
  recipient_count: number | null;
  approved_at: Timestamp | null;
  approved_by: string | null;
  stopped_at: Timestamp | null;
  stopped_by: string | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** The last address handed to the outbox (recipients go in address order). */
  handed_up_to: string | null;
  created_at: CreatedAt;
}

/** One person a message goes to, once: the outbox mail it became (`mail_id`) once handed over. */
export interface AttendeeMessageRecipientsTable {
  message_id: string;
  email: string;
  name: Generated<string>;
  mail_id: string | null;
  queued_at: Timestamp | null;
}
