import { type Kysely, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database, MailAttachmentRow } from '../../db/types.ts';

/**
 * A file sent with a message: its `content`, or `qrCode`, a text drawn as a QR code PNG when the
 * message is sent. `cid` shows an image inline where the HTML has `<img src="cid:…">`.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content?: Uint8Array | string;
  qrCode?: string;
  cid?: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Where replies go, e.g. the organiser of a message to attendees. */
  replyTo?: string | null;
}

const toRow = (attachment: MailAttachment): MailAttachmentRow => ({
  filename: attachment.filename,
  contentType: attachment.contentType,
  ...(attachment.qrCode !== undefined
    ? { qrCode: attachment.qrCode }
    : { content: Buffer.from(attachment.content ?? '').toString('base64') }),
  ...(attachment.cid ? { cid: attachment.cid } : {}),
});

/**
 * Queues a message for the mail sender. Pass the transaction that makes the change the mail
 * is about, so the mail exists exactly when that change commits.
 */
export async function enqueueMail(executor: Kysely<Database> | Transaction<Database>, mail: OutgoingMail): Promise<void> {
  // Stamped when written, not when its transaction began: of two transactions that wait on the same lock (two
  // admins resending a code), the one that writes last, whose code is the one that works, is mailed last.
  await executor
    .insertInto('mail_outbox')
    .values({ ...outboxRow(mail), created_at: sql<Date>`clock_timestamp()` })
    .execute();
}

/** Queues many messages in one statement (a message to attendees, batch by batch); answers their ids, in order. */
export async function enqueueMails(executor: Kysely<Database> | Transaction<Database>, mails: OutgoingMail[]): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await executor.insertInto('mail_outbox').values(mails.map(outboxRow)).returning('id').execute();
  return rows.map((row) => row.id);
}

/** Withdraws the messages among `ids` not sent yet (one being sent this moment may still go); answers how many. */
export async function withdrawUnsentMail(executor: Kysely<Database> | Transaction<Database>, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await executor
    .deleteFrom('mail_outbox')
    .where('id', '=', sql<string>`any(${ids}::uuid[])`)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The outbox row of a message, for callers that insert it as part of a larger statement. */
export function outboxRow(mail: OutgoingMail) {
  return {
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    attachments: JSON.stringify((mail.attachments ?? []).map(toRow)),
    reply_to: mail.replyTo ?? null,
  };
}

/** The newest messages in the outbox, sent or not (the development mailbox). */
export async function latestMessages(db: Db, limit = 20) {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'text_body', 'html_body', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
