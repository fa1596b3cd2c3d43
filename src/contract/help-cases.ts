import { z } from 'zod';
import { codeSchema } from './auth.ts';
import { booleanQuery } from './events.ts';
import { attachmentContentTypes, caseStates } from './help-case-terms.ts';
import { emailSchema, personNameSchema } from './users.ts';

// Help desk cases: raised by a person (signed in, or a guest who proves their email with the mailed code or link),
// followed by them through their session or an expiring link, and worked by agents.

export const caseStateSchema = z.enum(caseStates);

const slug = z
  .string()
  .trim()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Choose a category.');
export const caseSubjectSchema = z.string().trim().min(3, 'Give your case a short subject.').max(160, 'At most 160 characters.');
export const caseTextSchema = z
  .string()
  .trim()
  .min(1, 'Write your message.')
  .max(5000, 'At most 5,000 characters; attach the rest in a later reply.');

export const raiseCaseSchema = z.object({
  categorySlug: slug,
  subject: caseSubjectSchema,
  description: z
    .string()
    .trim()
    .min(10, 'Tell us a little more (at least 10 characters).')
    .max(5000, 'At most 5,000 characters.'),
  /** A guest's name and email; a signed-in person's come from their account. */
  name: personNameSchema.optional(),
  email: emailSchema.optional(),
  /** One of the signed-in person's own orders. */
  orderId: z.uuid().optional(),
  /** Or one of the events of an organisation the signed-in person belongs to. */
  eventId: z.uuid().optional(),
  /** Left empty by people; a form filler that fills every field is a bot. */
  website: z.string().max(200).optional(),
});
export type RaiseCase = z.infer<typeof raiseCaseSchema>;

export const raisedCaseSchema = z.object({
  reference: z.string(),
  /** Null for a guest: the case opens once they enter the code mailed to them (or open the mailed link). */
  caseId: z.uuid().nullable(),
});
export type RaisedCase = z.infer<typeof raisedCaseSchema>;

export const caseReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^HD-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/, 'A case reference looks like HD-ABCD-EFGH-JKLM.');

export const checkStatusSchema = z.object({ reference: caseReferenceSchema, email: emailSchema });

export const caseLinkSchema = z.object({ token: z.string().trim().min(20).max(100) });

/** A guest's proof of their email: the reference they were given, the address, and the code mailed to it. */
export const confirmCaseEmailSchema = z.object({ reference: caseReferenceSchema, email: emailSchema, code: codeSchema });
export type ConfirmCaseEmail = z.infer<typeof confirmCaseEmailSchema>;
export const caseAccessSchema = z.object({ caseId: z.uuid(), accessKey: z.string() });
export type CaseAccess = z.infer<typeof caseAccessSchema>;

export const caseAttachmentSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  contentType: z.enum(attachmentContentTypes),
  size: z.number().int(),
  author: z.enum(['customer', 'agent']),
  authorName: z.string(),
  /** An agents-only file: listed to agents alone, never to the person who raised the case. */
  internal: z.boolean(),
  createdAt: z.string(),
});
export type CaseAttachment = z.infer<typeof caseAttachmentSchema>;
export const attachmentQuerySchema = z.object({
  name: z.string().trim().min(1, 'Name the file.').max(120, 'At most 120 characters.'),
});
/** An agent's file may be kept among the agents (`internal=true`), like an internal note. */
export const agentAttachmentQuerySchema = attachmentQuerySchema.extend({ internal: booleanQuery.default(false) });
export const attachmentParamsSchema = z.object({ caseId: z.uuid(), attachmentId: z.uuid() });
export const attachmentLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type AttachmentLink = z.infer<typeof attachmentLinkSchema>;

export const caseIdParamsSchema = z.object({ caseId: z.uuid() });

export const caseMessageSchema = z.object({
  id: z.uuid(),
  author: z.enum(['customer', 'agent']),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type CaseMessage = z.infer<typeof caseMessageSchema>;

/** What the person who raised a case sees: never an internal note, never who is assigned. */
export const customerCaseSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  subject: z.string(),
  categorySlug: z.string(),
  categoryTitle: z.string(),
  state: caseStateSchema,
  createdAt: z.string(),
  messages: z.array(caseMessageSchema),
  attachments: z.array(caseAttachmentSchema),
  /** False once closed, or resolved longer ago than `reopenDays`. */
  canReply: z.boolean(),
});
export type CustomerCase = z.infer<typeof customerCaseSchema>;

export const caseSummarySchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  subject: z.string(),
  state: caseStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;
export const caseSummaryListSchema = z.object({ items: z.array(caseSummarySchema) });

export const caseReplySchema = z.object({ body: caseTextSchema });

export const caseOrderOptionSchema = z.object({ id: z.uuid(), reference: z.string(), eventTitle: z.string() });
export const caseEventOptionSchema = z.object({ id: z.uuid(), title: z.string(), organisationName: z.string() });
export const caseOptionsSchema = z.object({
  orders: z.array(caseOrderOptionSchema),
  /** The events of the organisations the person belongs to. */
  events: z.array(caseEventOptionSchema),
});
export type CaseOptions = z.infer<typeof caseOptionsSchema>;
