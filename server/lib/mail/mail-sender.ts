import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MailAttachmentRow } from '../../db/types.ts';
import { renderTicketQrPng } from '../tickets/ticket-qr-png.ts';

export interface MailSenderLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface MailSenderOptions {
  db: Db;
  smtpUrl: string | undefined;
  from?: string;
  log: MailSenderLog;
  pollMs?: number;
}

export interface MailSender {
  /** Flushes the outbox every `pollMs` until stopped; runs never overlap. */
  start(): void;
  /** Stops polling, waits for a run in progress and closes the SMTP connection. */
  stop(): Promise<void>;
  /** Sends the messages that are due now; answers how many were sent. */
  flush(): Promise<number>;
}

const batchSize = 20;
export const maxAttempts = 8;
/** How long a claimed message is reserved for the instance sending it; longer than one send can take. */
const claimSeconds = 10 * 60;
const retryBaseSeconds = 30;
const retryMaxSeconds = 60 * 60;

/** Seconds to wait before the next try, after `attempts` failed ones: 30 s, 1 min, 2 min, … at most 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(retryBaseSeconds * 2 ** Math.max(attempts - 1, 0), retryMaxSeconds);
}

const secondsFromNow = (seconds: number) => sql<Date>`now() + ${seconds} * interval '1 second'`;

/**
 * Delivers the mail outbox through SMTP. Without an SMTP URL it sends nothing: messages stay in
 * the outbox, where the development mailbox shows them.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, smtpUrl, log } = options;
  const from = options.from ?? 'Admit <no-reply@admit.local>';
  const pollMs = options.pollMs ?? 2000;
  // The SMTP client is loaded only where mail is sent: a local instance keeps its mail and never needs it.
  const transport = smtpUrl
    ? import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(
          // Settings in the URL win; these bound how long one message can hold its claim. One connection carries many
          // messages (a message to thousands of attendees), not one each.
          {
            url: smtpUrl,
            pool: true,
            maxConnections: 1,
            connectionTimeout: 15_000,
            greetingTimeout: 15_000,
            socketTimeout: 30_000,
          },
          { from },
        ),
      )
    : undefined;

  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  // Runs of this sender are chained, so a manual flush never overlaps a polling run.
  let running: Promise<unknown> = Promise.resolve();

  /** Reserves due messages for this instance; other instances skip the rows it has locked. */
  async function claimDue() {
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('mail_outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('bounced_at', 'is', null)
        .where('attempts', '<', maxAttempts)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .orderBy('created_at')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('mail_outbox')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: secondsFromNow(claimSeconds) }))
        .where(
          'id',
          'in',
          due.map((row) => row.id),
        )
        .returning(['id', 'to_address', 'reply_to', 'subject', 'text_body', 'html_body', 'attachments', 'attempts'])
        .execute();
    });
  }

  /** Sends one batch of due messages; `more` when the batch was full, so more may be due. */
  async function sendBatch(): Promise<{ sent: number; more: boolean }> {
    if (!transport) return { sent: 0, more: false };
    const smtp = await transport;
    const claimed = await claimDue();
    let sent = 0;
    // Network I/O happens here, outside any transaction.
    for (const message of claimed) {
      try {
        await smtp.sendMail({
          to: message.to_address,
          ...(message.reply_to ? { replyTo: message.reply_to } : {}),
          subject: message.subject,
          text: message.text_body,
          html: message.html_body,
          attachments: await renderAttachments(message.attachments ?? []),
        });
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: sql<Date>`now()`, last_error: null })
          .where('id', '=', message.id)
          .execute();
        sent += 1;
      } catch (error) {
        const lastError = describeError(error, smtpUrl);
        // A 5xx answer refuses the address for good (no such mailbox, refused domain): trying again changes nothing.
        const bounced = permanentRefusal(error);
        const givingUp = bounced || message.attempts >= maxAttempts;
        await db
          .updateTable('mail_outbox')
          .set({
            last_error: lastError,
            next_attempt_at: secondsFromNow(retryDelaySeconds(message.attempts)),
            ...(bounced ? { bounced_at: sql<Date>`now()` } : {}),
          })
          .where('id', '=', message.id)
          .execute();
        const details = { mailId: message.id, attempts: message.attempts, error: lastError };
        if (givingUp) log.error(details, 'mail delivery failed; giving up');
        else log.warn(details, 'mail delivery failed; will retry');
      }
    }
    if (sent > 0) log.info({ sent }, 'mail sent');
    return { sent, more: claimed.length === batchSize };
  }

  function runBatch() {
    const run = running.then(sendBatch);
    running = run.catch(() => undefined);
    return run;
  }

  async function flush(): Promise<number> {
    return (await runBatch()).sent;
  }

  /** Batch after batch while they come full (a message to many attendees), until the outbox has nothing due. */
  async function drain(): Promise<void> {
    while (!stopped && (await runBatch()).more) {
      // The next batch at once: what is due now should not wait for the next poll.
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(async () => {
      timer = undefined;
      try {
        await drain();
      } catch (error) {
        log.error({ error: describeError(error, smtpUrl) }, 'mail outbox flush failed');
      }
      schedule();
    }, pollMs);
    timer.unref();
  }

  return {
    flush,
    start() {
      if (!transport || !stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      (await transport?.catch(() => undefined))?.close();
    },
  };
}

/** Attachments as nodemailer takes them; QR codes are drawn here, when sending, not when the mail was queued. */
export async function renderAttachments(rows: MailAttachmentRow[]) {
  return Promise.all(
    rows.map(async (row) => ({
      filename: row.filename,
      contentType: row.contentType,
      content: row.qrCode !== undefined ? await renderTicketQrPng(row.qrCode) : Buffer.from(row.content ?? '', 'base64'),
      ...(row.cid ? { cid: row.cid } : {}),
    })),
  );
}

/** Whether the SMTP server refused the message for good (a 5xx reply to the recipient or the message). */
function permanentRefusal(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'responseCode' in error ? Number(error.responseCode) : 0;
  return code >= 500 && code < 600;
}

/** A short description of a failure that never repeats the SMTP URL or its credentials. */
function describeError(error: unknown, smtpUrl: string | undefined): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
  let message = error instanceof Error ? error.message : String(error);
  for (const secret of secretsOf(smtpUrl)) message = message.split(secret).join('***');
  message = message.slice(0, 500);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

function secretsOf(smtpUrl: string | undefined): string[] {
  if (!smtpUrl) return [];
  const secrets = [smtpUrl];
  try {
    const url = new URL(smtpUrl);
    for (const part of [url.password, url.username]) {
      if (part) secrets.push(part, decodeURIComponent(part));
    }
  } catch {
    // Not a URL we can take apart; the whole string is still hidden.
  }
  return secrets.filter((secret) => secret.length >= 3);
}
