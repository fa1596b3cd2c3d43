import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailSender, type MailSender, maxAttempts } from '../../server/lib/mail/mail-sender.ts';
import { enqueueMail, type OutgoingMail } from '../../server/lib/mail/outbox.ts';
import { confirmationCodeMail, escapeHtml, resetCodeMail } from '../../server/lib/mail/templates.ts';
import { freePort } from '../fixtures/free-port.ts';
import { startSmtpPeer } from '../fixtures/smtp-peer.ts';
import { createTestApi } from '../fixtures/test-api.ts';
import { createTestDatabase, type TestDatabase } from '../fixtures/test-database.ts';

interface LogEntry {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg?: string;
}

function recordingLog() {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (obj: object, msg?: string) => entries.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg?: string) => entries.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg?: string) => entries.push({ level: 'error', obj, msg }),
  };
}

function mail(n: number | string, to = 'ada@example.com'): OutgoingMail {
  return { to, subject: `Message ${n}`, text: `Your code: 1234${n}`, html: `<p>Your code: <b>1234${n}</b></p>` };
}

let database: TestDatabase;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
const senders: MailSender[] = [];

function sender(options: { smtpUrl?: string | undefined; pollMs?: number; log?: ReturnType<typeof recordingLog> } = {}) {
  const created = createMailSender({
    db: database.db,
    smtpUrl: 'smtpUrl' in options ? options.smtpUrl : peer.url,
    log: options.log ?? recordingLog(),
    pollMs: options.pollMs,
  });
  senders.push(created);
  return created;
}

function outbox() {
  return database.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();
}

/** Makes every pending message due now, as if its retry time had come. */
async function timePasses() {
  await database.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: new Date(Date.now() - 1000) })
    .execute();
}

beforeAll(async () => {
  database = await createTestDatabase();
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('mail_outbox').execute();
  peer.received.length = 0;
  peer.refusing = false;
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((created) => created.stop()));
});

describe('mail sender', () => {
  it('delivers a queued message through SMTP exactly once, and marks it sent', async () => {
    const { subject, text, html } = confirmationCodeMail({ firstName: 'Ada', code: '482913', link: 'https://admit.test/verify' });
    await enqueueMail(database.db, { to: 'ada@example.com', subject, text, html });
    const mailer = sender();

    expect(await mailer.flush()).toBe(1);
    expect(await mailer.flush()).toBe(0);

    expect(peer.received).toHaveLength(1);
    const [received] = peer.received;
    expect(received?.envelopeTo).toEqual(['ada@example.com']);
    expect(received?.to).toBe('ada@example.com');
    expect(received?.subject).toBe('Your Admit confirmation code');
    expect(received?.raw).toContain('482913');
    expect(received?.raw).toMatch(/^From: Admit <no-reply@admit\.local>/m);

    const [row] = await outbox();
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
    expect(row?.last_error).toBeNull();
  });

  it('keeps a message whose delivery fails, records the error, and retries it later until the peer accepts', async () => {
    await enqueueMail(database.db, mail(1));
    const log = recordingLog();
    const mailer = sender({ log });
    peer.refusing = true;

    const before = Date.now();
    expect(await mailer.flush()).toBe(0);
    let [row] = await outbox();
    expect(row?.sent_at).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.last_error).toMatch(/451|Mailbox temporarily unavailable/);
    // The retry waits (30 s after the first failure), so an immediate flush sends nothing.
    expect(row?.next_attempt_at.getTime()).toBeGreaterThan(before + 20_000);
    expect(await mailer.flush()).toBe(0);
    expect(log.entries).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'mail delivery failed; will retry' }));

    await timePasses();
    expect(await mailer.flush()).toBe(0);
    [row] = await outbox();
    expect(row?.attempts).toBe(2);
    expect(peer.received).toHaveLength(0);

    peer.refusing = false;
    await timePasses();
    expect(await mailer.flush()).toBe(1);
    [row] = await outbox();
    expect(row?.attempts).toBe(3);
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(peer.received.map((received) => received.subject)).toEqual(['Message 1']);
  });

  it('records a connection failure without the SMTP credentials', async () => {
    await enqueueMail(database.db, mail(1));
    const log = recordingLog();
    const smtpUrl = `smtp://mailer:hunter2-secret@127.0.0.1:${await freePort()}`;
    const mailer = sender({ smtpUrl, log });

    expect(await mailer.flush()).toBe(0);

    const [row] = await outbox();
    expect(row?.sent_at).toBeNull();
    expect(row?.attempts).toBe(1);
    expect(row?.last_error).toMatch(/ECONNREFUSED/);
    const everything = JSON.stringify([row, log.entries]);
    expect(everything).not.toContain('hunter2-secret');
    expect(everything).not.toContain(smtpUrl);
  });

  it('gives up after the last attempt and leaves the message unsent with its error', async () => {
    await enqueueMail(database.db, mail(1));
    await database.db
      .updateTable('mail_outbox')
      .set({ attempts: maxAttempts - 1 })
      .execute();
    const log = recordingLog();
    const mailer = sender({ log });
    peer.refusing = true;

    expect(await mailer.flush()).toBe(0);
    expect(log.entries).toContainEqual(expect.objectContaining({ level: 'error', msg: 'mail delivery failed; giving up' }));

    peer.refusing = false;
    await timePasses();
    expect(await mailer.flush()).toBe(0);
    const [row] = await outbox();
    expect(row?.attempts).toBe(maxAttempts);
    expect(row?.sent_at).toBeNull();
    expect(row?.last_error).toBeTruthy();
    expect(peer.received).toHaveLength(0);
  });

  it('delivers each message once when two senders flush at the same time', async () => {
    for (let n = 0; n < 30; n++) await enqueueMail(database.db, mail(n, `person${n}@example.com`));
    // On PostgreSQL, open several pooled connections first, so both claims really run side by side.
    if (database.kind === 'postgres') await Promise.all([1, 2, 3, 4].map(() => sql`select pg_sleep(0.05)`.execute(database.db)));
    const a = sender();
    const b = sender();

    const [sentByA, sentByB] = await Promise.all([a.flush(), b.flush()]);
    // Each flush takes at most one batch of 20; a second round picks up anything left.
    const [againA, againB] = await Promise.all([a.flush(), b.flush()]);

    expect(sentByA + sentByB + againA + againB).toBe(30);
    const subjects = peer.received.map((received) => received.subject);
    expect(subjects).toHaveLength(30);
    expect(new Set(subjects).size).toBe(30);
    const rows = await outbox();
    expect(rows.every((row) => row.sent_at !== null && row.attempts === 1)).toBe(true);
  });

  // PGlite has a single connection, so another instance holding a claim can only be shown on PostgreSQL.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'skips messages another instance is claiming instead of waiting for them',
    async () => {
      for (let n = 0; n < 3; n++) await enqueueMail(database.db, mail(n));
      const mailer = sender();

      const sentMeanwhile = await database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('mail_outbox').select('id').where('subject', '=', 'Message 0').forUpdate().execute();
        return mailer.flush();
      });

      expect(sentMeanwhile).toBe(2);
      expect(await mailer.flush()).toBe(1);
      expect(peer.received.map((received) => received.subject).sort()).toEqual(['Message 0', 'Message 1', 'Message 2']);
    },
  );

  // Two transactions at once, as when two admins resend a code: only PostgreSQL runs them side by side.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'puts a mail written later after one written earlier, whichever transaction began first',
    async () => {
      await database.db.transaction().execute(async (early) => {
        // This transaction begins first (its now() is fixed here), but writes its mail after the other has committed.
        await sql`select now()`.execute(early);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await database.db.transaction().execute((late) => enqueueMail(late, mail('written first')));
        await enqueueMail(early, mail('written last'));
      });
      const newest = await database.db
        .selectFrom('mail_outbox')
        .select('subject')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(newest.subject).toBe('Message written last');
      // The sender claims in that order (it sends a batch side by side, so arrival order is not asserted).
      const claimed = await database.db.selectFrom('mail_outbox').select('subject').orderBy('created_at').orderBy('id').execute();
      expect(claimed.map((row) => row.subject)).toEqual(['Message written first', 'Message written last']);
    },
  );

  it('never sends a mail enqueued inside a transaction that rolls back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, mail('rolled back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await database.db.transaction().execute((trx) => enqueueMail(trx, mail('committed')));

    expect(await sender().flush()).toBe(1);
    expect(peer.received.map((received) => received.subject)).toEqual(['Message committed']);
    expect((await outbox()).map((row) => row.subject)).toEqual(['Message committed']);
  });

  it('sends on its own once started, and stops cleanly', async () => {
    const mailer = sender({ pollMs: 20 });
    mailer.start();
    await enqueueMail(database.db, mail(1));
    await expect.poll(() => peer.received.length, { timeout: 5000 }).toBe(1);
    await mailer.stop();

    await enqueueMail(database.db, mail(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(peer.received).toHaveLength(1);
  });
});

describe('development mailbox', () => {
  it('keeps messages in the outbox without SMTP and lists them newest first', async () => {
    const api = await createTestApi();
    try {
      const mailer = createMailSender({ db: api.database.db, smtpUrl: undefined, log: recordingLog() });
      senders.push(mailer);
      await enqueueMail(api.database.db, mail('older', 'first@example.com'));
      // The embedded database's clock may read the same for two statements in a row: the newer is written later.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await enqueueMail(api.database.db, mail('newer', 'second@example.com'));

      expect(await mailer.flush()).toBe(0);
      const rows = await api.database.db.selectFrom('mail_outbox').selectAll().execute();
      expect(rows.every((row) => row.sent_at === null && row.attempts === 0)).toBe(true);

      const response = await api.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data).toHaveLength(2);
      expect(data[0]).toEqual({
        to: 'second@example.com',
        subject: 'Message newer',
        text: 'Your code: 1234newer',
        html: '<p>Your code: <b>1234newer</b></p>',
        createdAt: expect.any(String),
      });
      expect(data[1].to).toBe('first@example.com');
      expect(new Date(data[0].createdAt).toISOString()).toBe(data[0].createdAt);
      expect(Date.parse(data[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(data[1].createdAt));
    } finally {
      await api.close();
    }
  });

  it('does not exist on a deployment, even one started in development mode', async () => {
    const api = await createTestApi({
      NODE_ENV: 'development',
      DEPLOYMENT: 'production',
      PUBLIC_APP_URL: 'https://tickets.example.test',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PAYMENT_PROVIDER: 'sandbox',
    });
    try {
      await enqueueMail(api.database.db, mail(1));
      const response = await api.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Message 1');
    } finally {
      await api.close();
    }
  });
});

describe('mail templates', () => {
  const link = 'https://admit.test/verify-cognito?email=a%2Bb%40example.com&code=123456';

  it.each([
    ['confirmation', confirmationCodeMail, 'Your Admit confirmation code'],
    ['password reset', resetCodeMail, 'Your Admit password reset code'],
  ])('the %s mail escapes names and shows the code and the link in text and HTML', (_name, template, subject) => {
    const content = template({ firstName: '<script>alert("x")</script> & Co', code: '123456', link });

    expect(content.subject).toBe(subject);
    expect(content.html).not.toContain('<script>');
    expect(content.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(content.text).toContain('<script>alert("x")</script> & Co');
    for (const part of [content.text, content.html]) {
      expect(part).toContain('123456');
      expect(part).toContain('10 minutes');
    }
    expect(content.text).toContain(link);
    expect(content.html).toContain(`href="${escapeHtml(link)}"`);
    expect(content.html).toContain('#4f46e5');
  });
});
