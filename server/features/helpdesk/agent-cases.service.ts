import type { AgentCase, AgentCaseChange, AgentQueue, AgentQueueQuery } from '../../../src/contract/help-agents.ts';
import type { CaseState } from '../../../src/contract/help-case-terms.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { decodeCursor, pageOf } from '../../lib/keyset-cursor.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { queueCounts, queuePage } from './agent-cases.repository.ts';
import { presentAttachments } from './case-attachment-list.ts';
import { linkHours, newCaseLink } from './case-links.ts';
import { agentReplyMail } from './case-mail.ts';
import {
  type CaseRow,
  caseHistory,
  caseLinks,
  caseMessages,
  findCase,
  insertHistory,
  insertMessage,
  lockCase,
  updateCase,
  userNameOf,
} from './cases.repository.ts';
import type { CasesDeps } from './cases.service.ts';

const fullName = (row: { first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ');

const isOverdue = (row: { state: string; first_replied_at: Date | null; first_reply_due_at: Date }, now = Date.now()) =>
  (row.state === 'new' || row.state === 'open') &&
  row.first_replied_at === null &&
  new Date(row.first_reply_due_at).getTime() < now;

/** One page of a queue with the counts of every queue. */
export async function agentQueue(deps: CasesDeps, agentId: string, query: AgentQueueQuery): Promise<AgentQueue> {
  const after = decodeCursor(
    query.cursor,
    'That page of the queue is not valid; start again from the first page.',
    'query.cursor',
  );
  const [rows, counts] = await Promise.all([
    queuePage(deps.db, agentId, { ...query, after, limit: query.pageSize + 1 }),
    queueCounts(deps.db, agentId),
  ]);
  const page = pageOf(rows, query.pageSize);
  return {
    items: page.items.map((row) => ({
      id: row.id,
      reference: row.reference,
      subject: row.subject,
      categoryTitle: row.category_title,
      state: row.state as CaseState,
      requester: `${row.name} <${row.email}>`,
      assignee:
        row.assignee_first_name === null
          ? null
          : fullName({ first_name: row.assignee_first_name, last_name: row.assignee_last_name }),
      createdAt: new Date(row.created_at).toISOString(),
      overdue: isOverdue(row),
    })),
    nextCursor: page.next,
    counts,
  };
}

/** Guests' cases are the help desk's only once their email is proven. */
export async function workableCase(deps: CasesDeps, caseId: string): Promise<CaseRow> {
  const row = await findCase(deps.db, caseId);
  if (!row || row.state === 'unconfirmed') throw notFound('That case');
  return row;
}

export async function agentCase(deps: CasesDeps, caseId: string): Promise<AgentCase> {
  const row = await workableCase(deps, caseId);
  const [messages, history, [order, event, assignee], attachments] = await Promise.all([
    caseMessages(deps.db, caseId, true),
    caseHistory(deps.db, caseId),
    caseLinks(deps.db, row),
    presentAttachments(deps, caseId, row.name, true),
  ]);
  return {
    id: row.id,
    reference: row.reference,
    subject: row.subject,
    categorySlug: row.category_slug,
    categoryTitle: row.category_title,
    state: row.state as CaseState,
    requester: { name: row.name, email: row.email, userId: row.user_id },
    assignee: assignee ? { id: assignee.id, name: fullName(assignee) } : null,
    order: order ?? null,
    event: event ? { id: event.id, title: event.title } : null,
    organisation:
      event?.organization_id && event.organization_name ? { id: event.organization_id, name: event.organization_name } : null,
    createdAt: new Date(row.created_at).toISOString(),
    firstReplyDueAt: new Date(row.first_reply_due_at).toISOString(),
    firstRepliedAt: row.first_replied_at ? new Date(row.first_replied_at).toISOString() : null,
    overdue: isOverdue(row),
    messages: messages.map((message) => ({
      id: message.id,
      author: message.author,
      authorName: message.author === 'agent' ? fullName(message) || 'Agent' : row.name,
      body: message.body,
      internal: message.internal,
      createdAt: new Date(message.created_at).toISOString(),
    })),
    attachments,
    history: history.map((entry) => ({
      actor: entry.actor === 'agent' ? fullName(entry) || 'Agent' : entry.actor === 'customer' ? row.name : 'Admit',
      action: entry.action,
      detail: entry.detail,
      createdAt: new Date(entry.created_at).toISOString(),
    })),
  };
}

/**
 * A public reply (mailed to the customer with a fresh link, and the case then waits on them) or an internal
 * note (never mailed, never shown to the customer).
 */
export async function agentMessage(
  deps: CasesDeps,
  agentId: string,
  caseId: string,
  input: { body: string; internal: boolean },
): Promise<AgentCase> {
  const row = await workableCase(deps, caseId);
  const agent = await userNameOf(deps.db, agentId);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockCase(trx, caseId);
    if (!locked || locked.state === 'closed') throw new HttpError('CONFLICT', 'This case is closed. Reopen it before replying.');
    await insertMessage(trx, {
      case_id: caseId,
      author: 'agent',
      author_user_id: agentId,
      body: input.body,
      internal: input.internal,
    });
    if (input.internal) {
      await insertHistory(trx, { case_id: caseId, actor: 'agent', actor_user_id: agentId, action: 'added an internal note' });
      return;
    }
    // Each public reply starts the customer's time to answer afresh (and their one reminder).
    await updateCase(trx, caseId, {
      state: 'pending',
      resolved_at: null,
      pending_since: new Date(),
      reminded_at: null,
      ...(locked.first_replied_at ? {} : { first_replied_at: new Date() }),
    });
    await insertHistory(trx, {
      case_id: caseId,
      actor: 'agent',
      actor_user_id: agentId,
      action: 'replied',
      detail: 'waiting on customer',
    });
    const link = await newCaseLink(trx, deps.origin, caseId, row.email);
    const mail = agentReplyMail({
      reference: row.reference,
      subject: row.subject,
      name: row.name,
      agentName: `${agent?.first_name ?? 'Admit'} (Admit support)`,
      body: input.body,
      link,
      linkHours,
    });
    await enqueueMail(trx, { to: row.email, ...mail });
  });
  return agentCase(deps, caseId);
}

/** Changes the state or takes or leaves the case; each change goes into its history. */
export async function changeAgentCase(
  deps: CasesDeps,
  agentId: string,
  caseId: string,
  change: AgentCaseChange,
): Promise<AgentCase> {
  await workableCase(deps, caseId);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockCase(trx, caseId);
    if (!locked) throw notFound('That case');
    if (change.state && change.state !== locked.state) {
      await updateCase(trx, caseId, {
        state: change.state,
        resolved_at: change.state === 'resolved' ? new Date() : null,
        ...(change.state === 'pending' ? { pending_since: new Date(), reminded_at: null } : {}),
      });
      await insertHistory(trx, {
        case_id: caseId,
        actor: 'agent',
        actor_user_id: agentId,
        action: 'changed the state',
        detail: change.state,
      });
    }
    if (change.assignee !== undefined) {
      const assignee = change.assignee === 'me' ? agentId : null;
      if (assignee !== locked.assigned_to) {
        await updateCase(trx, caseId, { assigned_to: assignee });
        await insertHistory(trx, {
          case_id: caseId,
          actor: 'agent',
          actor_user_id: agentId,
          action: assignee ? 'took the case' : 'left the case unassigned',
        });
      }
    }
  });
  return agentCase(deps, caseId);
}
