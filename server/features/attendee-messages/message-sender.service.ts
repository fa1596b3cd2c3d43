import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { enqueueMails } from '../../lib/mail/outbox.ts';
import { attendeeMessageMail } from './message-mail.ts';
import { dueToStart, markQueued, nextSending, setMessage, waitingRecipients } from './messages.repository.ts';
import { startSending } from './messages.service.ts';

// Hands messages to attendees to the outbox at a set rate (decision 066): a batch at a time, each in one transaction
// that writes the outbox mail and marks its recipients, so a restart anywhere hands nobody over twice and the memory
// held is one batch's, whatever the audience.

export interface MessageSenderLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Starts scheduled messages whose time has come; answers how many. */
export async function startDueMessages(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await dueToStart(trx, 10);
    for (const message of due) await startSending(trx, message);
    return due.length;
  });
}

/**
 * Hands up to `limit` recipients of one message being sent to the outbox, and marks the message sent once nobody is
 * left; answers how many were handed over (0: nothing is being sent).
 */
export async function handOverRecipients(db: Db, origin: string, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const message = await nextSending(trx);
    if (!message) return 0;
    const recipients = await waitingRecipients(trx, message.id, message.handed_up_to, limit);
    const content = {
      subject: message.subject,
      body: message.body,
      replyTo: message.reply_to,
      organizationName: message.organization_name,
      event: { id: message.event_id, title: message.event_title, startsAt: message.starts_at, timezone: message.timezone },
    };
    const ids = await enqueueMails(
      trx,
      recipients.map((recipient) => attendeeMessageMail(content, recipient.email, recipient.name, origin)),
    );
    await markQueued(
      trx,
      message.id,
      recipients.map((recipient, index) => ({ email: recipient.email, mailId: ids[index] as string })),
    );
    if (recipients.length < limit) await setMessage(trx, message.id, { status: 'sent', finished_at: sql<Date>`now()` });
    return recipients.length;
  });
}

const tickMs = 2000;
/** Recipients handed over in one transaction: what the instance holds at once, whatever the rate or the audience. */
export const handOverBatch = 250;

/** Every two seconds: start what is due, then hand over `perMinute / 30` recipients, a batch at a time. */
export function startMessageSender(db: Db, origin: string, perMinute: number, log: MessageSenderLog): () => Promise<void> {
  const perTick = Math.max(1, Math.round((perMinute * tickMs) / 60_000));
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(async () => {
      try {
        await startDueMessages(db);
        let handed = 0;
        while (!stopped && handed < perTick) {
          const batch = await handOverRecipients(db, origin, Math.min(handOverBatch, perTick - handed));
          if (batch === 0) break;
          handed += batch;
        }
        if (handed > 0) log.info({ handed }, 'message to attendees: mail queued');
      } catch (error) {
        log.warn({ err: error }, 'could not send messages to attendees');
      }
    });
  }, tickMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
