import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReportMails } from '../../server/features/reports/report-mail-sender.service.ts';
import { createMailSender } from '../../server/lib/mail/mail-sender.ts';
import { reportMailStoppedMessage } from '../../src/contract/report-mails.ts';
import { publishedEvent, verifiedOrganizer } from '../fixtures/events.ts';
import { reportKit, rowsOf, today } from '../fixtures/reports.ts';
import { startSmtpPeer } from '../fixtures/smtp-peer.ts';
import { teamMember } from '../fixtures/team.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Reports mailed on a schedule: set up by a member for addresses they name, each sending showing what that member's
// role may see at the time, sent once per period however many instances look, and stopped when the member no
// longer may read the report.

let api: TestApi;
const origin = 'https://admit.example';
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: origin });
});
afterAll(() => api.close());

const db = () => api.database.db;
const { paid } = reportKit(() => api);
type Member = { bearer: Record<string, string>; authId: string };
type Organiser = Awaited<ReturnType<typeof verifiedOrganizer>>;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Member, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers: who.bearer, ...(payload ? { payload } : {}) });

/** Tomorrow at 06:00 UTC: every daily mail set up today is due then, and covers today. */
const tomorrowMorning = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 6));
};

/** The queued mails to an address, newest last, with their attachments decoded. */
async function mailsTo(address: string) {
  const rows = await db()
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'attachments'])
    .where('to_address', '=', address)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const files = (typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments) as {
      filename: string;
      contentType: string;
      content: string;
    }[];
    return {
      subject: row.subject,
      text: row.text_body,
      files: files.map((file) => ({ ...file, text: Buffer.from(file.content, 'base64').toString('utf8') })),
    };
  });
}

describe('mailed reports', () => {
  let owner: Organiser;
  let manager: Member;
  let finance: Member;
  let door: Member;
  let eventId: string;
  const url = () => `/organizations/${owner.organizationId}/report-mails`;

  beforeAll(async () => {
    owner = await verifiedOrganizer(api.app, db(), 'Quayside Sounds');
    manager = await teamMember(api.app, db(), owner, 'manager');
    finance = await teamMember(api.app, db(), owner, 'finance');
    door = await teamMember(api.app, db(), owner, 'door');
    eventId = (
      await publishedEvent(api.app, owner, { ticketTypes: [{ name: 'Standard', price: 1500, currency: 'GBP', capacity: 100 }] })
    ).id;
    await paid(eventId, 2, { buyerName: 'Ravi Reader' });
  });

  it('is set up by the owner for named addresses, due at the next 06:00 UTC, and recorded in the audit trail', async () => {
    const created = await call('POST', url(), owner, {
      report: 'transactions',
      eventId,
      frequency: 'daily',
      recipients: ['Accounts@Example.test', 'co-producer@example.test'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const [item] = created.json().data.items;
    expect(item).toMatchObject({
      report: 'transactions',
      eventId,
      dateBy: 'payment',
      format: 'csv',
      frequency: 'daily',
      recipients: ['accounts@example.test', 'co-producer@example.test'],
      createdBy: owner.account.email,
      lastSentAt: null,
      lastOutcome: null,
    });
    const next = new Date(item.nextSendAt);
    expect(next.getUTCHours()).toBe(6);
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor_id', 'details'])
      .where('action', '=', 'report_mail.created')
      .where('subject_id', '=', owner.organizationId)
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(owner.authId);
    expect(JSON.stringify(audit.details)).toContain('co-producer@example.test');
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const before = (await call('GET', url(), owner)).json().data.items.length;
    const tooMany = Array.from({ length: 11 }, (_, index) => `person${index}@example.test`);
    for (const [payload, field, message] of [
      [{ report: 'attendees', frequency: 'daily', recipients: ['not-an-address'] }, 'recipients', 'Enter a valid email address.'],
      [{ report: 'attendees', frequency: 'daily', recipients: [] }, 'recipients', 'Name at least one address.'],
      [{ report: 'attendees', frequency: 'daily', recipients: tooMany }, 'recipients', 'At most 10 addresses.'],
      [
        { report: 'attendees', frequency: 'daily', recipients: ['a@example.test', 'A@example.test'] },
        'recipients',
        'Each address once.',
      ],
      [{ report: 'attendees', frequency: 'hourly', recipients: ['a@example.test'] }, 'frequency', 'Choose daily or weekly.'],
    ] as const) {
      const refused = await call('POST', url(), owner, payload);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain(field);
      expect(refused.body).toContain(message);
    }
    const elsewhere = await verifiedOrganizer(api.app, db(), 'Another Stage');
    const foreign = await publishedEvent(api.app, elsewhere);
    const notOurs = await call('POST', url(), owner, {
      report: 'attendees',
      eventId: foreign.id,
      frequency: 'weekly',
      recipients: ['a@example.test'],
    });
    expect(notOurs.statusCode).toBe(404);
    expect((await call('GET', url(), owner)).json().data.items).toHaveLength(before);
  });

  it('is open to each role as its reports are: managers mail sales, not money; door staff nothing', async () => {
    const money = { report: 'revenue-summary', frequency: 'weekly', recipients: ['m@example.test'] };
    expect((await call('POST', url(), manager, money)).statusCode).toBe(403);
    expect((await call('POST', url(), door, { ...money, report: 'attendees' })).statusCode).toBe(403);
    expect((await call('GET', url(), door)).statusCode).toBe(403);
    expect((await call('POST', url(), finance, money)).statusCode).toBe(201);
    // The manager does not see the money reports others mail.
    const seen = (await call('GET', url(), manager)).json().data.items as { report: string }[];
    expect(seen.map((item) => item.report)).not.toContain('transactions');
    expect(seen.map((item) => item.report)).not.toContain('revenue-summary');
  });

  it('sends each due report once to each address, with the file its author’s role sees, even with two senders at once', async () => {
    const created = await call('POST', url(), manager, {
      report: 'sales-by-type',
      frequency: 'daily',
      recipients: ['sales.desk@example.test'],
    });
    expect(created.statusCode).toBe(201);
    const owners = await call('POST', url(), owner, {
      report: 'sales-by-type',
      frequency: 'daily',
      format: 'xlsx',
      recipients: ['owner.copy@example.test'],
    });
    expect(owners.statusCode).toBe(201);

    const at = tomorrowMorning();
    const counts = await Promise.all([sendDueReportMails(db(), origin, at), sendDueReportMails(db(), origin, at)]);
    // Three daily reports, and finance's weekly one when tomorrow is a Monday.
    expect(counts[0] + counts[1]).toBe(at.getUTCDay() === 1 ? 4 : 3);
    expect(await sendDueReportMails(db(), origin, at)).toBe(0);

    const [accounts] = await mailsTo('accounts@example.test');
    expect(await mailsTo('accounts@example.test')).toHaveLength(1);
    expect(await mailsTo('co-producer@example.test')).toHaveLength(1);
    expect(accounts?.subject).toMatch(/^Transactions · Quayside Sounds · \d{1,2} \w{3} \d{4}$/);
    expect(accounts?.text).toContain(`set it up at Admit`);
    expect(accounts?.text).toContain(`${origin}/organizer/reports?report=transactions`);
    const [file] = accounts?.files ?? [];
    expect(file?.filename).toBe(`transactions-${today()}-to-${today()}.csv`);
    const [header, ...rows] = rowsOf(file?.text ?? '');
    expect(header?.[0]).toBe('Date (UTC)');
    expect(rows.length).toBeGreaterThan(0);

    // The manager's file has no money columns; the owner's workbook of the same report has them.
    const [salesDesk] = await mailsTo('sales.desk@example.test');
    const managerHeader = rowsOf(salesDesk?.files[0]?.text ?? '')[0] ?? [];
    expect(managerHeader).toEqual(['Event', 'Event date (UTC)', 'Ticket type', 'Currency', 'Tickets']);
    const [ownerCopy] = await mailsTo('owner.copy@example.test');
    expect(ownerCopy?.files[0]?.filename).toBe(`sales-by-type-${today()}-to-${today()}.xlsx`);

    const listed = (await call('GET', url(), owner)).json().data.items as { lastOutcome: string; nextSendAt: string }[];
    for (const item of listed.filter((entry) => entry.lastOutcome)) {
      expect(item.lastOutcome).toBe('sent');
      expect(new Date(item.nextSendAt).getTime()).toBeGreaterThan(at.getTime());
    }
  });

  it('goes as a link when the report is longer than a mail may carry', async () => {
    const created = await call('POST', url(), owner, {
      report: 'attendees',
      frequency: 'daily',
      recipients: ['long.list@example.test'],
    });
    expect(created.statusCode).toBe(201);
    await sendDueReportMails(db(), origin, tomorrowMorning(), { maxRows: 1 });
    const [mail] = await mailsTo('long.list@example.test');
    expect(mail?.files).toEqual([]);
    expect(mail?.text).toContain('It has more than 1 rows, too many to attach: open it on the reports page.');
    const item = ((await call('GET', url(), owner)).json().data.items as { recipients: string[]; lastOutcome: string }[]).find(
      (entry) => entry.recipients.includes('long.list@example.test'),
    );
    expect(item?.lastOutcome).toBe('too_large');
  });

  it('stops, mailing nothing, once its author may no longer read the report', async () => {
    const later = await teamMember(api.app, db(), owner, 'finance');
    const created = await call('POST', url(), later, {
      report: 'revenue-summary',
      frequency: 'weekly',
      recipients: ['former.finance@example.test'],
    });
    expect(created.statusCode).toBe(201);
    await db()
      .updateTable('organization_members')
      .set({ role: 'door' })
      .where('user_id', '=', later.authId)
      .where('organization_id', '=', owner.organizationId)
      .execute();
    const nextMonday = new Date(tomorrowMorning().getTime() + 8 * 86_400_000);
    await sendDueReportMails(db(), origin, nextMonday);
    expect(await mailsTo('former.finance@example.test')).toEqual([]);
    const item = ((await call('GET', url(), owner)).json().data.items as Record<string, unknown>[]).find((entry) =>
      (entry.recipients as string[]).includes('former.finance@example.test'),
    );
    expect(item).toMatchObject({ lastOutcome: 'stopped', nextSendAt: null });
    expect(reportMailStoppedMessage).toMatch(/^Stopped/);
  });

  it('is stopped by its author, an owner or a manager; not by finance; unknown ids are 404', async () => {
    const created = await call('POST', url(), owner, {
      report: 'sales-by-day',
      frequency: 'weekly',
      recipients: ['stop.me@example.test'],
    });
    const id = (created.json().data.items as { id: string; recipients: string[] }[]).find((item) =>
      item.recipients.includes('stop.me@example.test'),
    )?.id;
    expect((await call('DELETE', `${url()}/${id}`, finance)).statusCode).toBe(403);
    expect((await call('DELETE', `${url()}/${randomUUID()}`, owner)).statusCode).toBe(404);
    const stopped = await call('DELETE', `${url()}/${id}`, manager);
    expect(stopped.statusCode).toBe(200);
    expect((stopped.json().data.items as { id: string }[]).map((item) => item.id)).not.toContain(id);
  });

  it('holds at most 20 per organisation, even when asked for at once', async () => {
    const small = await verifiedOrganizer(api.app, db(), 'Small Hall');
    const body = { report: 'sales-by-day', frequency: 'weekly', recipients: ['x@example.test'] };
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => call('POST', `/organizations/${small.organizationId}/report-mails`, small, body)),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(20);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(4);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().message).toBe(
      'An organisation can mail at most 20 reports. Stop one before adding another.',
    );
  });

  it('reaches the addresses through SMTP with the report attached', async () => {
    const peer = await startSmtpPeer();
    const sender = createMailSender({ db: db(), smtpUrl: peer.url, log: { info() {}, warn() {}, error() {} } });
    try {
      while ((await sender.flush()) > 0);
      const received = peer.received.find((mail) => mail.envelopeTo.includes('accounts@example.test'));
      expect(received?.subject).toContain('Transactions');
      expect(received?.raw).toMatch(/Content-Disposition: attachment;\s+filename=transactions-/);
    } finally {
      await sender.stop();
      await peer.close();
    }
  });
});
