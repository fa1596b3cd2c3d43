import { caseCodeMaxWrongTries, caseCodeMinutes, reopenDays } from '../../../src/contract/help-case-terms.ts';
import type {
  CaseAccess,
  CaseOptions,
  CaseSummary,
  ConfirmCaseEmail,
  CustomerCase,
  RaiseCase,
  RaisedCase,
} from '../../../src/contract/help-cases.ts';
import type { Db } from '../../db/database.ts';
import type { HelpCaseStateRow } from '../../db/types.ts';
import { hashCode, randomCode, sameSecret, sha256 } from '../../lib/auth/secrets.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { networkPrefix } from '../../lib/network-prefix.ts';
import { consumeRateLimit, type RateLimit } from '../../lib/rate-limiter.ts';
import { presentAttachments } from './case-attachment-list.ts';
import { linkHours, newCaseAccess, newCaseLink, newReference } from './case-links.ts';
import { caseLinkMail, caseRaisedMail } from './case-mail.ts';
import {
  buyerOrder,
  type CaseRow,
  caseMessages,
  casesOfUser,
  countWrongCaseCode,
  eventsOfMember,
  findAccess,
  findCase,
  findCaseByReference,
  insertCase,
  insertHistory,
  insertMessage,
  lockCase,
  memberEvent,
  ordersOfBuyer,
  referenceTaken,
  takeLink,
  updateCase,
  userNameOf,
} from './cases.repository.ts';
import { findCategory } from './help-articles.repository.ts';

export interface CasesDeps {
  db: Db;
  /** Where mailed links lead (PUBLIC_APP_URL), never the request's Host. */
  origin: string;
}

/** Raising a case also keys the hash of a guest's code. */
export interface RaiseDeps extends CasesDeps {
  secret: string;
}

/** A guest's code is bound to its case: the hash of one case's code is worth nothing for another. */
const caseCodeHash = (secret: string, caseId: string, code: string) => hashCode(secret, `help-case-email:${caseId}`, code);

/** Who is asking for a case: a signed-in account, and/or the access a mailed link was exchanged for. */
export interface CaseCaller {
  userId: string | null;
  accessKey: string | undefined;
}

export const caseLimits = {
  raisePerNetwork: { name: 'help-case:network', limit: 6, windowSeconds: 3600, refusal: 'Too many cases raised' },
  raisePerEmail: { name: 'help-case:email', limit: 4, windowSeconds: 3600, refusal: 'Too many cases raised' },
  raisePerAccount: { name: 'help-case:account', limit: 10, windowSeconds: 24 * 3600, refusal: 'Too many cases raised' },
  statusPerNetwork: { name: 'help-status:network', limit: 10, windowSeconds: 3600, refusal: 'Too many requests' },
  statusPerEmail: { name: 'help-status:email', limit: 4, windowSeconds: 3600, refusal: 'Too many requests' },
  linkPerNetwork: { name: 'help-link:network', limit: 20, windowSeconds: 3600, refusal: 'Too many links opened' },
  codePerNetwork: { name: 'help-code:network', limit: 30, windowSeconds: 3600, refusal: 'Too many codes tried' },
  repliesPerCase: { name: 'help-reply:case', limit: 30, windowSeconds: 3600, refusal: 'Too many replies' },
} satisfies Record<string, RateLimit>;

const fieldError = (path: string, message: string) => new HttpError('BAD_REQUEST', message, [{ path, message }]);

const fullName = (row: { first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ');

async function uniqueReference(db: Db): Promise<string> {
  for (;;) {
    const reference = newReference();
    if (!(await referenceTaken(db, reference))) return reference;
  }
}

/**
 * Opens a case. A signed-in person's opens at once; a guest's waits until they enter the 6-digit code mailed to
 * the address they gave (or open the link in the same mail), which proves it. Limited per network, per email and
 * per account; a filled-in bot trap gets the usual answer and nothing is kept.
 */
export async function raiseCase(
  deps: RaiseDeps,
  input: RaiseCase,
  caller: { userId: string | null; ip: string },
): Promise<RaisedCase> {
  const { db } = deps;
  await consumeRateLimit(db, caseLimits.raisePerNetwork, networkPrefix(caller.ip));
  if (input.website) return { reference: newReference(), caseId: null };
  if (caller.userId) await consumeRateLimit(db, caseLimits.raisePerAccount, caller.userId);

  const account = caller.userId ? await userNameOf(db, caller.userId) : undefined;
  const email = (account?.email ?? input.email ?? '').toLowerCase();
  const name = account ? fullName(account) || 'there' : (input.name ?? '');
  if (!account) {
    if (!input.name) throw fieldError('body.name', 'Tell us your name.');
    if (!input.email) throw fieldError('body.email', 'Enter the email address we should answer.');
  }
  await consumeRateLimit(db, caseLimits.raisePerEmail, email);
  const category = await findCategory(db, input.categorySlug);
  if (!category) throw fieldError('body.categorySlug', 'Choose one of the help categories.');
  const order = input.orderId && caller.userId ? await buyerOrder(db, input.orderId, caller.userId) : undefined;
  if (input.orderId && !order) throw fieldError('body.orderId', 'Choose one of your own orders.');
  if (input.orderId && input.eventId) throw fieldError('body.eventId', 'Choose a booking or an event, not both.');
  const event = input.eventId && caller.userId ? await memberEvent(db, input.eventId, caller.userId) : undefined;
  if (input.eventId && !event) throw fieldError('body.eventId', 'Choose one of your organisation’s events.');

  const reference = await uniqueReference(db);
  const guest = !caller.userId;
  const caseId = await db.transaction().execute(async (trx) => {
    const id = await insertCase(trx, {
      reference,
      user_id: caller.userId,
      email,
      name,
      category_slug: category.slug,
      subject: input.subject,
      state: guest ? 'unconfirmed' : 'new',
      order_id: order?.id ?? null,
      event_id: order?.event_id ?? event?.id ?? null,
      first_reply_hours: category.first_reply_hours,
    });
    await insertMessage(trx, {
      case_id: id,
      author: 'customer',
      author_user_id: caller.userId,
      body: input.description,
      internal: false,
    });
    await insertHistory(trx, { case_id: id, actor: 'customer', actor_user_id: caller.userId, action: 'raised' });
    const link = await newCaseLink(trx, deps.origin, id, email);
    const code = guest ? randomCode() : null;
    if (code) {
      await updateCase(trx, id, {
        proof_code_hash: caseCodeHash(deps.secret, id, code),
        proof_code_expires_at: new Date(Date.now() + caseCodeMinutes * 60_000),
      });
    }
    const mail = caseRaisedMail({ reference, subject: input.subject, name, link, code, codeMinutes: caseCodeMinutes, linkHours });
    await enqueueMail(trx, { to: email, ...mail });
    return id;
  });
  return { reference, caseId: guest ? null : caseId };
}

/**
 * Mails a fresh link to the case when the reference and email belong together. The answer is the same either
 * way, so the form tells nobody which references exist or whose they are.
 */
export async function requestCaseLink(deps: CasesDeps, input: { reference: string; email: string }, ip: string): Promise<void> {
  const { db } = deps;
  const email = input.email.toLowerCase();
  await consumeRateLimit(db, caseLimits.statusPerNetwork, networkPrefix(ip));
  await consumeRateLimit(db, caseLimits.statusPerEmail, email);
  const found = await findCaseByReference(db, input.reference);
  if (!found || found.email !== email) return;
  const row = await findCase(db, found.id);
  if (!row) return;
  await db.transaction().execute(async (trx) => {
    const link = await newCaseLink(trx, deps.origin, row.id, email);
    await enqueueMail(trx, { to: email, ...caseLinkMail({ reference: row.reference, name: row.name, link, linkHours }) });
  });
}

const spentLink = () =>
  new HttpError(
    'NOT_FOUND',
    'This link has expired or has already been used. Ask for a new one at Check a case with your reference and email.',
  );

/**
 * Exchanges a mailed link, once, for access to its case from this browser. The first link of a guest's case
 * proves their email and opens the case to the help desk.
 */
export async function openCaseLink(deps: CasesDeps, token: string, ip: string): Promise<CaseAccess> {
  await consumeRateLimit(deps.db, caseLimits.linkPerNetwork, networkPrefix(ip));
  return deps.db.transaction().execute(async (trx) => {
    const link = await takeLink(trx, sha256(token));
    if (!link) throw spentLink();
    const row = await lockCase(trx, link.case_id);
    if (!row || row.email !== link.email) throw spentLink();
    if (row.state === 'unconfirmed') {
      await updateCase(trx, row.id, { state: 'new' });
      await insertHistory(trx, { case_id: row.id, actor: 'customer', actor_user_id: null, action: 'confirmed their email' });
    }
    return { caseId: row.id, accessKey: await newCaseAccess(trx, row.id, link.email) };
  });
}

const wrongCaseCode = () => {
  const message = 'That code is not right or has expired. Check the latest email we sent for this case.';
  return new HttpError('BAD_REQUEST', message, [{ path: 'body.code', message }]);
};

/**
 * A guest proves their email with the code mailed to it: the case goes to the help desk and this browser gets
 * access to it. Any mismatch (reference, address, code, expiry) gets the same answer, so the form tells nobody
 * which references exist; each wrong code counts against the case, whose code stops working after
 * `caseCodeMaxWrongTries`. The right code again (a double submit) gives the same case.
 */
export async function confirmCaseEmail(deps: RaiseDeps, input: ConfirmCaseEmail, ip: string): Promise<CaseAccess> {
  const { db } = deps;
  await consumeRateLimit(db, caseLimits.codePerNetwork, networkPrefix(ip));
  const email = input.email.toLowerCase();
  const found = await findCaseByReference(db, input.reference);
  if (!found || found.email !== email) throw wrongCaseCode();
  const hash = caseCodeHash(deps.secret, found.id, input.code);
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await lockCase(trx, found.id);
      const usable =
        row?.proof_code_hash &&
        row.proof_code_expires_at &&
        new Date(row.proof_code_expires_at).getTime() > Date.now() &&
        row.proof_wrong_tries < caseCodeMaxWrongTries;
      if (!row || !usable) throw wrongCaseCode();
      if (!sameSecret(row.proof_code_hash as string, hash)) {
        await countWrongCaseCode(trx, row.id);
        return null;
      }
      if (row.state === 'unconfirmed') {
        await updateCase(trx, row.id, { state: 'new' });
        await insertHistory(trx, { case_id: row.id, actor: 'customer', actor_user_id: null, action: 'confirmed their email' });
      }
      return { caseId: row.id, accessKey: await newCaseAccess(trx, row.id, row.email) };
    })
    .then((access) => {
      // The wrong try is kept (its transaction committed) before the refusal.
      if (!access) throw wrongCaseCode();
      return access;
    });
}

/** The case if the caller may see it: its owner's account, or access from its own link. Anything else is a 404. */
export async function callersCase(deps: CasesDeps, caseId: string, caller: CaseCaller): Promise<CaseRow> {
  const row = await findCase(deps.db, caseId);
  const missing = notFound('That case');
  if (!row || row.state === 'unconfirmed') throw missing;
  if (caller.userId && row.user_id === caller.userId) return row;
  if (caller.accessKey) {
    const access = await findAccess(deps.db, sha256(caller.accessKey), caseId);
    if (access && access.email === row.email) return row;
  }
  throw missing;
}

/** Closed, or resolved longer ago than `reopenDays`: no more replies. */
export function isFinished(row: Pick<CaseRow, 'state' | 'resolved_at'>, now = Date.now()): boolean {
  if (row.state === 'closed') return true;
  return (
    row.state === 'resolved' && row.resolved_at !== null && now - new Date(row.resolved_at).getTime() > reopenDays * 86_400_000
  );
}

async function present(deps: CasesDeps, row: CaseRow): Promise<CustomerCase> {
  const [messages, attachments] = await Promise.all([
    caseMessages(deps.db, row.id, false),
    presentAttachments(deps, row.id, row.name, false),
  ]);
  return {
    id: row.id,
    reference: row.reference,
    subject: row.subject,
    categorySlug: row.category_slug,
    categoryTitle: row.category_title,
    state: row.state as CustomerCase['state'],
    createdAt: new Date(row.created_at).toISOString(),
    canReply: !isFinished(row),
    attachments,
    messages: messages.map((message) => ({
      id: message.id,
      author: message.author,
      // Agents sign with their first name only.
      authorName: message.author === 'agent' ? `${message.first_name ?? 'Admit'} (Admit support)` : row.name,
      body: message.body,
      createdAt: new Date(message.created_at).toISOString(),
    })),
  };
}

export async function customerCase(deps: CasesDeps, caseId: string, caller: CaseCaller): Promise<CustomerCase> {
  return present(deps, await callersCase(deps, caseId, caller));
}

export async function myCases(deps: CasesDeps, userId: string): Promise<CaseSummary[]> {
  const rows = await casesOfUser(deps.db, userId);
  return rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    subject: row.subject,
    state: row.state as CaseSummary['state'],
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }));
}

export async function caseOptions(deps: CasesDeps, userId: string): Promise<CaseOptions> {
  const [orders, events] = await Promise.all([ordersOfBuyer(deps.db, userId), eventsOfMember(deps.db, userId)]);
  return {
    orders: orders.map((order) => ({ id: order.id, reference: order.reference, eventTitle: order.event_title })),
    events: events.map((event) => ({ id: event.id, title: event.title, organisationName: event.organisation_name })),
  };
}

const finishedCase = (reference: string) =>
  new HttpError('CONFLICT', `This case is closed, so it takes no more replies. Raise a new case and mention ${reference}.`);

/** The customer's reply: it reopens a pending or recently resolved case; a closed one refuses it. */
export async function customerReply(deps: CasesDeps, caseId: string, caller: CaseCaller, body: string): Promise<CustomerCase> {
  const row = await callersCase(deps, caseId, caller);
  await consumeRateLimit(deps.db, caseLimits.repliesPerCase, caseId);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockCase(trx, caseId);
    if (!locked || isFinished(locked)) throw finishedCase(row.reference);
    await insertMessage(trx, { case_id: caseId, author: 'customer', author_user_id: caller.userId, body, internal: false });
    const reopens: HelpCaseStateRow[] = ['pending', 'resolved'];
    if (reopens.includes(locked.state)) {
      await updateCase(trx, caseId, { state: 'open', resolved_at: null });
      await insertHistory(trx, {
        case_id: caseId,
        actor: 'customer',
        actor_user_id: caller.userId,
        action: 'replied',
        detail: 'reopened',
      });
    } else {
      await updateCase(trx, caseId, {});
      await insertHistory(trx, { case_id: caseId, actor: 'customer', actor_user_id: caller.userId, action: 'replied' });
    }
  });
  return customerCase(deps, caseId, caller);
}

/** The customer says their question is answered. */
export async function customerResolve(deps: CasesDeps, caseId: string, caller: CaseCaller): Promise<CustomerCase> {
  const row = await callersCase(deps, caseId, caller);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockCase(trx, caseId);
    if (!locked || locked.state === 'closed') throw finishedCase(row.reference);
    if (locked.state === 'resolved') return;
    await updateCase(trx, caseId, { state: 'resolved', resolved_at: new Date() });
    await insertHistory(trx, { case_id: caseId, actor: 'customer', actor_user_id: caller.userId, action: 'marked it resolved' });
  });
  return customerCase(deps, caseId, caller);
}
