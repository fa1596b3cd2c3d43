// Starts a real SMTP peer for the e2e server's mail; messages are appended to a file the tests read. At the end, drops
// the suite's PostgreSQL database where playwright.config.ts made one.
import { appendFileSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { recreateDatabase } from '../fixtures/postgres-admin.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const port = Number(process.env.ADMIT_E2E_SMTP_PORT);
  const mailFile = process.env.ADMIT_E2E_MAIL_FILE as string;
  writeFileSync(mailFile, '');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address).join(',');
        appendFileSync(mailFile, `${JSON.stringify({ to, raw })}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const database = process.env.ADMIT_E2E_DATABASE;
    if (database) await recreateDatabase(database, { dropOnly: true });
  };
}
