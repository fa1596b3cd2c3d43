import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { latestCode, newAccount, post } from '../fixtures/accounts.ts';
import { awayFromWindowEdge } from '../fixtures/rate-windows.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Pre-account takeover (decision 019): whoever signs up with an address, in whatever order, only the person who reads
// the mailbox and confirms with the password of their own sign-up gets the account.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
// A test here sends up to a dozen calls that share an hour's mail and code limits.
beforeEach(() => awayFromWindowEdge(60 * 60), 60_000);

type Person = { email: string; password: string; firstName: string };

/** The victim and someone who knows their address: same address, different passwords and names. */
function victimAndAttacker(): { victim: Person & Record<string, unknown>; attacker: Person & Record<string, unknown> } {
  const victim = newAccount({ firstName: 'Ada', password: 'ada owns this mailbox' });
  const attacker = { ...victim, firstName: 'Mallory', password: 'mallory got here first' };
  return { victim, attacker };
}

/** The code in the newest mail to the address that greets `firstName`: the code mailed for that person's sign-up. */
async function codeFor(person: Person): Promise<string> {
  const mails = await api.database.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', person.email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const mail = mails.find((row) => row.text_body.startsWith(`Hi ${person.firstName},`));
  const code = mail && /\b(\d{6})\b/.exec(mail.text_body)?.[1];
  if (!code) throw new Error(`No code mailed for ${person.firstName}`);
  return code;
}

const signUp = (person: Person) => post(api.app, '/auth/signUp', person);
const confirm = (person: Person, code: string, password = person.password) =>
  post(api.app, '/auth/confirmSignup', { email: person.email, code, password });
const signIn = (person: Person, password = person.password) => post(api.app, '/auth/signIn', { email: person.email, password });
const accountOf = (email: string) =>
  api.database.db.selectFrom('users').select(['id', 'first_name']).where('email', '=', email).execute();
const attemptsOf = async (email: string) =>
  (await api.database.db.selectFrom('sign_up_attempts').select('id').where('email', '=', email).execute()).length;

describe('an address signed up by someone who cannot read its mail', () => {
  it('goes to the mailbox owner when the stranger signed up first: only the owner’s password works afterwards', async () => {
    const { victim, attacker } = victimAndAttacker();
    expect((await signUp(attacker)).statusCode).toBe(201);
    expect((await signUp(victim)).statusCode).toBe(201);
    const attackerCode = await codeFor(attacker);
    const victimCode = await codeFor(victim);

    // The stranger's password with the owner's code (leaked or guessed), and the owner's password with the code of the
    // stranger's sign-up: neither pair belongs to one sign-up.
    expect((await confirm(attacker, victimCode)).statusCode).toBe(400);
    expect((await confirm(victim, attackerCode)).statusCode).toBe(400);

    const confirmed = await confirm(victim, victimCode);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.user).toMatchObject({ firstName: 'Ada', emailConfirmed: true });
    expect(await accountOf(victim.email)).toEqual([expect.objectContaining({ first_name: 'Ada' })]);
    expect(await attemptsOf(victim.email)).toBe(0);

    expect((await signIn(attacker)).statusCode).toBe(400);
    expect((await confirm(attacker, attackerCode)).statusCode).toBe(400);
    expect((await signIn(victim)).statusCode).toBe(200);
  });

  it('stays the owner’s when the stranger signs up again after them: the owner’s first code still works', async () => {
    const { victim, attacker } = victimAndAttacker();
    await signUp(victim);
    const victimCode = await codeFor(victim);
    await signUp(attacker);
    await signUp(attacker);

    const confirmed = await confirm(victim, victimCode);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.user.firstName).toBe('Ada');
    expect((await signIn(attacker)).statusCode).toBe(400);
    expect((await signIn(victim)).statusCode).toBe(200);
  });

  it('is never confirmed by the stranger’s own sign-up, whose code only the mailbox receives', async () => {
    const { attacker } = victimAndAttacker();
    await signUp(attacker);
    // The stranger knows the password but not the code: guesses spend their own sign-up's code, then stop.
    const statuses: number[] = [];
    for (const guess of ['000000', '123456', '111111', '654321', '999999', '424242']) {
      statuses.push((await confirm(attacker, guess)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    expect((await confirm(attacker, await codeFor(attacker))).statusCode).toBe(400);
    expect(await accountOf(attacker.email)).toEqual([]);
    // Signing in says the address needs confirming, which the stranger cannot do.
    expect((await signIn(attacker)).statusCode).toBe(403);
  });

  it('keeps the owner’s code working however many wrong codes a stranger types with their own password', async () => {
    const { victim, attacker } = victimAndAttacker();
    await signUp(victim);
    await signUp(attacker);
    const victimCode = await codeFor(victim);
    const wrong = victimCode === '000000' ? '111111' : '000000';
    for (let index = 0; index < 6; index += 1) await confirm(attacker, wrong);
    for (let index = 0; index < 6; index += 1) await confirm(victim, wrong, 'a password nobody chose');
    expect((await confirm(victim, victimCode)).statusCode).toBe(200);
  });

  it('sends a new code only for the sign-up made with the password given, leaving the others’ codes alone', async () => {
    const { victim, attacker } = victimAndAttacker();
    await signUp(victim);
    await signUp(attacker);
    const victimCode = await codeFor(victim);
    const resend = (password: string) => post(api.app, '/auth/resendConfirmationCode', { email: victim.email, password });

    const stranger = await resend(attacker.password);
    const nobody = await resend('a password nobody chose');
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toEqual(stranger.json());
    const mails = await api.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', victim.email)
      .orderBy('created_at')
      .execute();
    expect(mails.map((mail) => mail.text_body.split(',')[0])).toEqual(['Hi Ada', 'Hi Mallory', 'Hi Mallory']);

    expect((await confirm(victim, victimCode)).statusCode).toBe(200);
    expect((await signIn(victim)).statusCode).toBe(200);
  });

  it('keeps each sign-up’s own details: the account gets the name and kind of the sign-up that was confirmed', async () => {
    const { victim, attacker } = victimAndAttacker();
    await signUp({ ...attacker, userType: 'organiser', organizationName: 'Mallory Events' } as Person);
    await signUp(victim);
    const confirmed = await confirm(victim, await codeFor(victim));
    expect(confirmed.json().data.user).toMatchObject({ firstName: 'Ada', userType: 'attendee', organizationId: null });
    const organisations = await api.database.db
      .selectFrom('organizations')
      .select('id')
      .where('name', '=', 'Mallory Events')
      .execute();
    expect(organisations).toEqual([]);
  });

  it('refuses a confirmation without the password, or with a malformed code, as bad input', async () => {
    const { victim } = victimAndAttacker();
    await signUp(victim);
    const noPassword = await post(api.app, '/auth/confirmSignup', { email: victim.email, code: await codeFor(victim) });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual([{ path: 'body.password', message: 'Enter your password.' }]);
    const malformed = await post(api.app, '/auth/confirmSignup', {
      email: victim.email,
      code: '12ab',
      password: victim.password,
    });
    expect(malformed.json().errors).toEqual([{ path: 'body.code', message: 'Enter the 6-digit code.' }]);
    const noPasswordResend = await post(api.app, '/auth/resendConfirmationCode', { email: victim.email });
    expect(noPasswordResend.statusCode).toBe(400);
  });
});

describe('sign-ups at the same moment', () => {
  it('keep their own passwords when two arrive at once, and confirming one drops the other', async () => {
    const { victim, attacker } = victimAndAttacker();
    const answers = await Promise.all([signUp(victim), signUp(attacker)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(await attemptsOf(victim.email)).toBe(2);
    const attackerCode = await codeFor(attacker);

    expect((await confirm(victim, await codeFor(victim))).statusCode).toBe(200);
    expect((await confirm(attacker, attackerCode)).statusCode).toBe(400);
    expect((await signIn(attacker)).statusCode).toBe(400);
    expect((await signIn(victim)).statusCode).toBe(200);
    expect(await accountOf(victim.email)).toHaveLength(1);
  });

  it('make one account when two confirmations of the same address arrive at once', async () => {
    const first = newAccount({ firstName: 'Ada', password: 'the first of two tabs' });
    const second = { ...first, firstName: 'Grace', password: 'the second of two tabs' };
    await Promise.all([signUp(first), signUp(second)]);
    const codes = [await codeFor(first), await codeFor(second)];
    const answers = await Promise.all([confirm(first, codes[0] as string), confirm(second, codes[1] as string)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]?.statusCode === 200 ? first : second;
    const loser = winner === first ? second : first;
    expect(await accountOf(first.email)).toEqual([expect.objectContaining({ first_name: winner.firstName })]);
    expect((await signIn(loser)).statusCode).toBe(400);
    expect((await signIn(winner)).statusCode).toBe(200);
  });

  it('let the same code confirm only once when it is sent twice at once', async () => {
    const { victim } = victimAndAttacker();
    await signUp(victim);
    const code = await codeFor(victim);
    const answers = await Promise.all([confirm(victim, code), confirm(victim, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await accountOf(victim.email)).toHaveLength(1);
  });
});

describe('codes of a sign-up', () => {
  it('stop working after five wrong tries, even the right one, until a new one is sent', async () => {
    const account = newAccount();
    await post(api.app, '/auth/signUp', account);
    const code = await latestCode(api.database.db, account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await confirm(account, wrong)).statusCode).toBe(400);
    }
    expect((await confirm(account, code)).statusCode).toBe(400);
    await post(api.app, '/auth/resendConfirmationCode', { email: account.email, password: account.password });
    const fresh = await latestCode(api.database.db, account.email);
    expect((await confirm(account, fresh)).statusCode).toBe(200);
  });

  it('expire after ten minutes and work only once', async () => {
    const account = newAccount();
    await post(api.app, '/auth/signUp', account);
    const code = await latestCode(api.database.db, account.email);
    await api.database.db
      .updateTable('sign_up_attempts')
      .set({ code_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', account.email)
      .execute();
    expect((await confirm(account, code)).statusCode).toBe(400);

    await post(api.app, '/auth/resendConfirmationCode', { email: account.email, password: account.password });
    const fresh = await latestCode(api.database.db, account.email);
    expect((await confirm(account, fresh)).statusCode).toBe(200);
    expect((await confirm(account, fresh)).statusCode).toBe(400);
  });

  it('are stored hashed, never as the code itself, and so are the passwords of sign-ups', async () => {
    const account = newAccount();
    await post(api.app, '/auth/signUp', account);
    const code = await latestCode(api.database.db, account.email);
    const stored = await api.database.db
      .selectFrom('sign_up_attempts')
      .select(['code_hash', 'password_hash'])
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });
});
