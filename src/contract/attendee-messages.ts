import { z } from 'zod';
import { formatCount } from './count-text.ts';

// Messages to attendees (decision 066): an organiser writes to the people holding tickets to an event — all of them,
// some ticket types, those checked in or not, those with or without an answer — and each person gets it once. The
// audience is resolved when the message starts sending, so tickets sold until then count.

export const attendeeMessageStatuses = ['awaiting_approval', 'scheduled', 'sending', 'sent', 'stopped'] as const;
export type AttendeeMessageStatus = (typeof attendeeMessageStatuses)[number];

/** How each status reads to an organiser and an administrator. */
export const attendeeMessageStatusNames: Record<AttendeeMessageStatus, string> = {
  awaiting_approval: 'Waiting for approval',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  stopped: 'Stopped',
};

export const checkInFilters = ['any', 'checked_in', 'not_checked_in'] as const;
export type CheckInFilter = (typeof checkInFilters)[number];

/** Whom a message goes to. Empty ticket types: every type. An answer filter keeps those who gave (or did not give) it. */
export const audienceSchema = z.object({
  ticketTypeIds: z.array(z.uuid('Not a ticket type of this event.')).max(50).default([]),
  checkIn: z.enum(checkInFilters).default('any'),
  answer: z
    .object({
      questionId: z.uuid('Not a question of this event.'),
      /** true: those who answered (with `value`, if given); false: those who did not. */
      given: z.boolean(),
      value: z.union([z.string().trim().min(1).max(200), z.boolean(), z.number()]).optional(),
    })
    .nullable()
    .default(null),
});
export type AttendeeAudience = z.infer<typeof audienceSchema>;

export const messageLimits = { subject: 150, body: 20_000 } as const;

/** Messages one organisation may queue (decision 066): a script meets the same limit as a person. */
export const messageRate = { perHour: 5, perDay: 20 } as const;

export const messageDraftSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, 'Give the message a subject.')
    .max(messageLimits.subject, `Keep the subject under ${messageLimits.subject} characters.`)
    // A mail's subject is one header line: a line break or other control character never reaches it.
    .regex(/^\P{Cc}*$/u, 'Keep the subject on one line, without special characters.'),
  body: z
    .string()
    .trim()
    .min(1, 'Write the message.')
    .max(messageLimits.body, `Keep the message under ${formatCount(messageLimits.body)} characters.`),
  audience: audienceSchema,
});
export type MessageDraft = z.infer<typeof messageDraftSchema>;

export const sendMessageSchema = messageDraftSchema.extend({
  /** When to send it; absent or null: now. At most 90 days ahead. */
  sendAt: z.iso.datetime({ offset: true, error: 'Pick a date and time to send it.' }).nullable().default(null),
});
export type SendMessage = z.infer<typeof sendMessageSchema>;

export const audienceCountSchema = z.object({
  /** People it reaches: distinct addresses. */
  people: z.number().int(),
  /** Tickets it covers. */
  tickets: z.number().int(),
});
export type AudienceCount = z.infer<typeof audienceCountSchema>;

export const deliveryCountsSchema = z.object({
  waiting: z.number().int(),
  sent: z.number().int(),
  bounced: z.number().int(),
  failed: z.number().int(),
});
export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;

export const attendeeMessageSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  subject: z.string(),
  body: z.string(),
  audience: audienceSchema,
  status: z.enum(attendeeMessageStatuses),
  sendAt: z.iso.datetime({ offset: true }),
  createdAt: z.iso.datetime({ offset: true }),
  authorName: z.string().nullable(),
  /** Known once the message starts sending. */
  recipientCount: z.number().int().nullable(),
  /** Before it starts (waiting for approval, scheduled): whom its audience reaches now. */
  reachNow: audienceCountSchema.nullable(),
  delivery: deliveryCountsSchema,
  approvedAt: z.iso.datetime({ offset: true }).nullable(),
  stoppedAt: z.iso.datetime({ offset: true }).nullable(),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AttendeeMessage = z.infer<typeof attendeeMessageSchema>;

export const eventMessagesSchema = z.object({
  messages: z.array(attendeeMessageSchema),
  /** What this organisation may still send: its rate (decision 066). */
  allowance: z.object({
    perHour: z.number().int(),
    perDay: z.number().int(),
    leftThisHour: z.number().int(),
    leftToday: z.number().int(),
  }),
  /** Whether the next message waits for an administrator's approval, and why. */
  approval: z.object({ required: z.boolean(), reason: z.string().nullable() }),
  replyTo: z.string().nullable(),
});
export type EventMessages = z.infer<typeof eventMessagesSchema>;

export const recipientStatuses = ['waiting', 'sent', 'bounced', 'failed'] as const;
export type RecipientStatus = (typeof recipientStatuses)[number];

export const messageRecipientSchema = z.object({
  email: z.string(),
  name: z.string(),
  status: z.enum(recipientStatuses),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
  error: z.string().nullable(),
});
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;

export const messageRecipientsQuerySchema = z.object({
  status: z.enum(recipientStatuses).optional(),
  after: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const messageRecipientsSchema = z.object({
  items: z.array(messageRecipientSchema),
  nextCursor: z.string().nullable(),
});
export type MessageRecipients = z.infer<typeof messageRecipientsSchema>;

export const messageParamsSchema = z.object({
  eventId: z.uuid('Not a valid event id.'),
  messageId: z.uuid('Not a valid message id.'),
});

/** The administrator's view: the message, its event and organisation. */
export const adminMessageSchema = attendeeMessageSchema.extend({
  eventTitle: z.string(),
  organizationId: z.uuid(),
  organizationName: z.string(),
  organizationVerified: z.boolean(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminMessagesQuerySchema = z.object({
  status: z.enum(attendeeMessageStatuses).optional(),
});
export const adminMessagesSchema = z.object({ items: z.array(adminMessageSchema) });
export type AdminMessages = z.infer<typeof adminMessagesSchema>;
export const adminMessageParamsSchema = z.object({ messageId: z.uuid('Not a valid message id.') });
