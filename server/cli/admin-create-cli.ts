// `npm run admin:create -- --email a@b.c --password '…' [--first-name A] [--last-name B]`
// Administrators are only ever made here (or by the demo data), never through sign-up.
import { parseArgs } from 'node:util';
import { emailSchema } from '../../src/contract/users.ts';
import { configOrExit } from '../bootstrap.ts';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { findUserByEmail, insertUser, updateUser } from '../features/users/users.repository.ts';
import { hashPassword, weakPasswordReason } from '../lib/auth/passwords.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string', default: 'Admin' },
    'last-name': { type: 'string', default: 'User' },
  },
});

const email = emailSchema.safeParse(values.email ?? '');
const password = values.password ?? '';
if (!email.success || password.length < 8) {
  process.stderr.write('Usage: npm run admin:create -- --email you@example.com --password "at least 8 characters"\n');
  process.exit(2);
}
const weakness = weakPasswordReason(password, { email: email.data });
if (weakness) {
  process.stderr.write(`${weakness}\n`);
  process.exit(2);
}

const config = configOrExit();
const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(db);
const passwordHash = await hashPassword(password);
const existing = await findUserByEmail(db, email.data);
if (existing) {
  await db.updateTable('users').set({ is_admin: true }).where('id', '=', existing.id).execute();
  await updateUser(db, existing.id, { password_hash: passwordHash });
  process.stdout.write(`${email.data} is now an administrator (password updated).\n`);
} else {
  await insertUser(db, {
    email: email.data,
    firstName: values['first-name'] ?? 'Admin',
    lastName: values['last-name'] ?? 'User',
    passwordHash,
    dateOfBirth: '1970-01-01',
    userType: 'attendee',
    isAdmin: true,
    emailConfirmedAt: new Date(),
  });
  process.stdout.write(`Administrator ${email.data} created.\n`);
}
await db.destroy();
