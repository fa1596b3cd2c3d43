import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// A guest proves their email with the 6-digit code mailed to it before their case opens.

let api: TestApi;
let agent: Awaited<ReturnType<typeof signedInAccount>>;
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.40.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: 'https://admit.example' });
  agent = await signedInAccount(api.app, api.database.db);
  await api.database.db.updateTable('users').set({ is_admin: true }).where('id', '=', agent.authId).execute();
});
afterAll(() => api.close());

const call = (
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  from = nextAddress(),
) => api.app.inject({ method, url: `/api${url}`, ...(payload ? { payload } : {}), headers, remoteAddress: from });

let emailCounter = 0;
async function guestRaises() {
  emailCounter += 1;
  const email = `code.${Date.now()}.${emailCounter}@example.test`;
  const raised = await call('POST', '/help/cases', {
    categorySlug: 'attendees',
    subject: 'My tickets did not arrive',
    description: 'I booked on Monday and have no tickets in my inbox.',
    name: 'Grace Hopper',
    email,
  });
  expect(raised.statusCode).toBe(201);
  const mail = await api.database.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .executeTakeFirstOrThrow();
  const code = /enter the code (\d{6})/.exec(mail.text_body)?.[1] ?? '';
  return { email, reference: raised.json().data.reference as string, code, mail };
}

const stateOf = async (reference: string) =>
  (
    await api.database.db
      .selectFrom('help_cases')
      .select(['state', 'proof_wrong_tries'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
  ).state;

const wrong = {
  path: 'body.code',
  message: 'That code is not right or has expired. Check the latest email we sent for this case.',
};

describe('a guest’s emailed code', () => {
  it('opens the case and gives this browser access to it; the same code again gives the same case', async () => {
    const guest = await guestRaises();
    expect(guest.code).toMatch(/^\d{6}$/);
    expect(guest.mail.subject).toBe(`[${guest.reference}] Your code ${guest.code} to open your case`);
    expect(await stateOf(guest.reference)).toBe('unconfirmed');

    // Sent twice at once (a double tap): both open the same case, confirmed once.
    const [confirmed, twin] = await Promise.all(
      [0, 1].map(() =>
        call('POST', '/help/cases/confirm-email', {
          reference: guest.reference.toLowerCase(),
          email: guest.email.toUpperCase(),
          code: guest.code,
        }),
      ),
    );
    expect(confirmed?.statusCode).toBe(200);
    expect(twin?.statusCode).toBe(200);
    if (!confirmed || !twin) throw new Error('no answer');
    expect(twin.json().data.caseId).toBe(confirmed.json().data.caseId);
    const { caseId, accessKey } = confirmed.json().data;
    expect(await stateOf(guest.reference)).toBe('new');
    const view = await call('GET', `/help/cases/${caseId}`, undefined, { 'x-case-access': accessKey });
    expect(view.json().data).toMatchObject({ reference: guest.reference, state: 'new' });
    const queue = (await call('GET', '/admin/cases?queue=all', undefined, agent.bearer)).json().data.items;
    expect(queue.map((row: { reference: string }) => row.reference)).toContain(guest.reference);

    // Later, the same code again: the same case.
    const again = await call('POST', '/help/cases/confirm-email', {
      reference: guest.reference,
      email: guest.email,
      code: guest.code,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.caseId).toBe(caseId);
    const confirmations = await api.database.db
      .selectFrom('help_case_history')
      .select('id')
      .where('case_id', '=', caseId)
      .where('action', '=', 'confirmed their email')
      .execute();
    expect(confirmations).toHaveLength(1);
  });

  it('answers a wrong code, another address, an unknown reference and an expired code alike, opening nothing', async () => {
    const guest = await guestRaises();
    const wrongCode = guest.code === '000000' ? '111111' : '000000';
    const answers = await Promise.all([
      call('POST', '/help/cases/confirm-email', { reference: guest.reference, email: guest.email, code: wrongCode }),
      call('POST', '/help/cases/confirm-email', { reference: guest.reference, email: 'someone@example.test', code: guest.code }),
      call('POST', '/help/cases/confirm-email', { reference: 'HD-AAAA-BBBB-CCCC', email: guest.email, code: guest.code }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual([wrong]);
    }
    await api.database.db
      .updateTable('help_cases')
      .set({ proof_code_expires_at: sql<Date>`now() - interval '1 second'` as unknown as Date })
      .where('reference', '=', guest.reference)
      .execute();
    const expired = await call('POST', '/help/cases/confirm-email', {
      reference: guest.reference,
      email: guest.email,
      code: guest.code,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors).toEqual([wrong]);
    expect(await stateOf(guest.reference)).toBe('unconfirmed');
  });

  it('stops working after five wrong tries, even with the right code', async () => {
    const guest = await guestRaises();
    const wrongCode = guest.code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await call('POST', '/help/cases/confirm-email', {
        reference: guest.reference,
        email: guest.email,
        code: wrongCode,
      });
      expect(answer.statusCode).toBe(400);
    }
    const right = await call('POST', '/help/cases/confirm-email', {
      reference: guest.reference,
      email: guest.email,
      code: guest.code,
    });
    expect(right.statusCode).toBe(400);
    expect(await stateOf(guest.reference)).toBe('unconfirmed');
  });

  it('refuses a malformed code with a clear message', async () => {
    const guest = await guestRaises();
    const answer = await call('POST', '/help/cases/confirm-email', {
      reference: guest.reference,
      email: guest.email,
      code: '12a4',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual([{ path: 'body.code', message: 'Enter the 6-digit code.' }]);
  });

  it('limits the tries from one network', async () => {
    const guest = await guestRaises();
    const from = '10.41.0.1';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const answer = await call(
        'POST',
        '/help/cases/confirm-email',
        { reference: 'HD-AAAA-BBBB-CCCC', email: guest.email, code: '123456' },
        {},
        from,
      );
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
