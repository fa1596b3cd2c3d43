// A message to 50,000 attendees (decision 066): the time to queue it (one request), the time to send it to a real SMTP
// peer, the server's resident memory while it sends, and the people mailed twice after the server is restarted halfway
// (SIGTERM, as a deploy restarts it). On PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; a scratch database
// admit_bench_messages is created and dropped). Run alone: `node bench/attendee-messages.ts [people]`.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { demoPassword } from '../server/cli/seed-accounts.ts';
import { createDatabase } from '../server/db/database.ts';
import { bulkTickets } from '../tests/fixtures/tickets.ts';
import { dropDatabase, recreate } from './scratch-postgres.ts';
import { type Server, startApi } from './server-process.ts';

const people = Number(process.argv[2] ?? 50_000);
const perMinute = Number(process.env.BENCH_MAILS_PER_MINUTE ?? 120_000);
const owner = 'maya@northernlights.demo';

/** An SMTP peer that counts what each address received, and nothing else (50,000 mails stay out of memory). */
async function countingPeer() {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) received.set(rcpt.address, (received.get(rcpt.address) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return { received, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const rssMb = (pid: number) => {
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round((kib * 1024) / 1e6);
};

const name = 'admit_bench_messages';
const databaseUrl = await recreate(name);
const dataDir = mkdtempSync(join(tmpdir(), 'admit-bench-messages-'));
const peer = await countingPeer();
const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SMTP_URL: peer.url, MESSAGE_MAILS_PER_MINUTE: String(perMinute) };
const out: Record<string, unknown> = {
  people,
  mailsPerMinute: perMinute,
  loadAverageAtStart: loadavg()
    .map((v) => v.toFixed(1))
    .join(' '),
};
let server: Server | undefined;
const db = createDatabase({ databaseUrl, dataDir });
try {
  server = await startApi(env);
  // The demo organisation, established (verified, older than 30 days), with an event and `people` ticket holders.
  const event = await db
    .selectFrom('events as e')
    .innerJoin('organization_members as m', 'm.organization_id', 'e.organization_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['e.id', 'e.organization_id'])
    .where('u.email', '=', owner)
    .where('e.status', '=', 'published')
    .orderBy('e.starts_at', 'desc')
    .executeTakeFirstOrThrow();
  await sql`update organizations set created_at = now() - interval '60 days', contact_email = 'hello@northernlights.demo'
    where id = ${event.organization_id}`.execute(db);
  const types = await db.selectFrom('ticket_types').select('id').where('event_id', '=', event.id).execute();
  const seeded = performance.now();
  await bulkTickets(db, { eventId: event.id, ticketTypeIds: types.map((t) => t.id), count: people, maxPerOrder: 1 });
  await sql`update orders set buyer_email = 'person-' || id || '@bench.example' where event_id = ${event.id}`.execute(db);
  out.seedMs = Math.round(performance.now() - seeded);
  await sql`delete from mail_outbox`.execute(db);

  const signIn = await fetch(`${server.baseUrl}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner, password: demoPassword }),
  });
  const token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
  const pid = server.child.pid as number;
  out.rssMbBeforeSend = rssMb(pid);

  const queuedAt = performance.now();
  const queued = await fetch(`${server.baseUrl}/api/events/${event.id}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      subject: 'Doors move to 20:00',
      body: 'Doors now open at **20:00**, an hour later than planned.\n\nSee you there!',
      audience: { ticketTypeIds: [], checkIn: 'any', answer: null },
    }),
  });
  out.queueMs = Math.round(performance.now() - queuedAt);
  const message = ((await queued.json()) as { data: { id: string; status: string; recipientCount: number } }).data;
  out.queued = { status: queued.status, messageStatus: message.status, recipients: message.recipientCount };

  const sent = () => [...peer.received.values()].reduce((sum, n) => sum + n, 0);
  const started = performance.now();
  let peak = 0;
  // Restart halfway: SIGTERM, as a deploy stops an instance, then a new one carries on.
  while (sent() < people / 2) {
    peak = Math.max(peak, rssMb(server.child.pid as number));
    await sleep(250);
  }
  out.sentBeforeRestart = sent();
  await server.stop('SIGTERM');
  server = await startApi(env);
  for (;;) {
    peak = Math.max(peak, rssMb(server.child.pid as number));
    if (sent() >= message.recipientCount) break;
    if (performance.now() - started > 30 * 60_000) throw new Error(`only ${sent()} sent after 30 minutes`);
    await sleep(250);
  }
  const sendMs = performance.now() - started;
  out.sendS = +(sendMs / 1000).toFixed(1);
  out.mailsPerSecond = Math.round(message.recipientCount / (sendMs / 1000));
  out.peakRssMbWhileSending = peak;
  await sleep(3000);
  // The bench's 50,000 holders; the demo event's own few holders also get the message and other mail of the demo.
  const holders = [...peer.received.entries()].filter(([address]) => address.endsWith('@bench.example'));
  out.mailsReceived = sent();
  out.holdersMailed = holders.length;
  out.holdersMailedTwiceOrMore = holders.filter(([, n]) => n > 1).length;
} finally {
  await server?.stop();
  await db.destroy();
  await peer.close();
  await dropDatabase(name);
  rmSync(dataDir, { recursive: true, force: true });
}
out.loadAverageAtEnd = loadavg()
  .map((v) => v.toFixed(1))
  .join(' ');
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
