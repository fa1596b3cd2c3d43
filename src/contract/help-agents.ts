import { z } from 'zod';
import { caseAttachmentSchema, caseMessageSchema, caseStateSchema, caseTextSchema } from './help-cases.ts';

// The agents' side of the help desk.

export const caseQueueSchema = z.enum(['all', 'unassigned', 'mine', 'waiting', 'overdue']);
export type CaseQueue = z.infer<typeof caseQueueSchema>;

export const caseQueueLabels: Record<CaseQueue, string> = {
  all: 'All active',
  unassigned: 'Unassigned',
  mine: 'Mine',
  waiting: 'Waiting on customer',
  overdue: 'Overdue',
};

export const agentQueueQuerySchema = z.object({
  queue: caseQueueSchema.default('all'),
  state: caseStateSchema.optional(),
  category: z.string().trim().max(80).optional(),
  sort: z.enum(['oldest', 'newest']).default('oldest'),
  cursor: z.string().max(200).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AgentQueueQuery = z.infer<typeof agentQueueQuerySchema>;

export const agentCaseRowSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  subject: z.string(),
  categoryTitle: z.string(),
  state: caseStateSchema,
  requester: z.string(),
  assignee: z.string().nullable(),
  createdAt: z.string(),
  overdue: z.boolean(),
});
export type AgentCaseRow = z.infer<typeof agentCaseRowSchema>;

export const agentQueueSchema = z.object({
  items: z.array(agentCaseRowSchema),
  nextCursor: z.string().nullable(),
  /** How many cases each queue holds. */
  counts: z.object({
    all: z.number().int(),
    unassigned: z.number().int(),
    mine: z.number().int(),
    waiting: z.number().int(),
    overdue: z.number().int(),
  }),
});
export type AgentQueue = z.infer<typeof agentQueueSchema>;

export const agentMessageSchema = caseMessageSchema.extend({ internal: z.boolean() });

export const agentCaseSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  subject: z.string(),
  categorySlug: z.string(),
  categoryTitle: z.string(),
  state: caseStateSchema,
  requester: z.object({ name: z.string(), email: z.string(), userId: z.uuid().nullable() }),
  assignee: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  order: z.object({ id: z.uuid(), reference: z.string() }).nullable(),
  event: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  /** The organisation that runs the case's event. */
  organisation: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.string(),
  firstReplyDueAt: z.string(),
  /** When an agent first replied to the customer; null until then (the due time matters only meanwhile). */
  firstRepliedAt: z.string().nullable(),
  overdue: z.boolean(),
  messages: z.array(agentMessageSchema),
  attachments: z.array(caseAttachmentSchema),
  history: z.array(z.object({ actor: z.string(), action: z.string(), detail: z.string(), createdAt: z.string() })),
});
export type AgentCase = z.infer<typeof agentCaseSchema>;

export const agentMessageInputSchema = z.object({ body: caseTextSchema, internal: z.boolean() });

export const agentCaseChangeSchema = z
  .object({
    state: caseStateSchema.optional(),
    /** `me`, or null to leave it unassigned. */
    assignee: z.union([z.literal('me'), z.null()]).optional(),
  })
  .refine((change) => change.state !== undefined || change.assignee !== undefined, 'Choose a state or an assignment.');
export type AgentCaseChange = z.infer<typeof agentCaseChangeSchema>;

// Saved replies: common answers an agent inserts into a reply and adapts.

export const savedReplyInputSchema = z.object({
  title: z.string().trim().min(2, 'Give the saved reply a short name.').max(80, 'At most 80 characters.'),
  body: caseTextSchema,
});
export type SavedReplyInput = z.infer<typeof savedReplyInputSchema>;

export const savedReplySchema = savedReplyInputSchema.extend({ id: z.uuid(), updatedAt: z.string() });
export type SavedReply = z.infer<typeof savedReplySchema>;
export const savedReplyListSchema = z.object({ items: z.array(savedReplySchema) });
export const savedReplyIdParamsSchema = z.object({ replyId: z.uuid() });
