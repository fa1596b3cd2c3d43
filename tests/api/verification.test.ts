import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidTicketsNeedVerification, sandboxTestValues } from '../../src/contract/verification.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import { eventBody, markVerified, publishedEvent } from '../fixtures/events.ts';
import { pdfDocument, png1x1, svgImage } from '../fixtures/images.ts';
import { eventOnSale, orderBody, placeOrder } from '../fixtures/orders.ts';
import { teamMember } from '../fixtures/team.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
const db = () => api.database.db;
type Bearer = Record<string, string>;

beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, bearer: Bearer, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers: bearer, ...(payload ? { payload } : {}) });

let count = 0;
async function owner(name = 'Harbour Lights') {
  count += 1;
  const account = await signedInAccount(api.app, db(), { userType: 'organiser', organizationName: `${name} ${count}` });
  return { ...account, organizationId: account.user.organizationId as string };
}

async function admin(permissions?: string[]) {
  const account = await signedInAccount(api.app, db(), { firstName: 'Rae', lastName: 'Reviewer' });
  await db().updateTable('users').set({ is_admin: true }).where('id', '=', account.authId).execute();
  if (permissions) {
    await db().deleteFrom('admin_group_members').where('user_id', '=', account.authId).execute();
    await groupInDb(db(), permissions, [account.authId]);
  }
  return account;
}

const adultBirth = Math.floor(Date.UTC(1985, 2, 14) / 1000);
const details = (overrides: Record<string, unknown> = {}) => ({
  sellerType: 'individual',
  legalName: 'Morgan Quay',
  country: 'gb',
  addressLine: '4 Harbour Row',
  city: 'Bristol',
  postalCode: 'BS1 4RN',
  representativeDateOfBirth: adultBirth,
  taxId: sandboxTestValues.taxIdPasses,
  ...overrides,
});
const bank = (accountNumber: string = sandboxTestValues.accountPasses) => ({
  accountHolder: 'Morgan Quay',
  sortCode: '10-88-00',
  accountNumber,
});

const base = (organizationId: string) => `/organizations/${organizationId}/verification`;

function upload(organizationId: string, bearer: Bearer, body: Buffer, contentType = 'application/pdf', kind = 'identity') {
  return api.app.inject({
    method: 'POST',
    url: `/api${base(organizationId)}/documents?kind=${kind}&name=passport.pdf`,
    headers: { ...bearer, 'content-type': contentType },
    payload: body,
  });
}

/** Details, bank account and an identity document saved: ready to submit. */
async function ready(person: Awaited<ReturnType<typeof owner>>, overrides: Record<string, unknown> = {}, account = bank()) {
  const saved = await call('PUT', base(person.organizationId), person.bearer, {
    details: details(overrides),
    bankAccount: account,
  });
  expect(saved.statusCode).toBe(200);
  expect((await upload(person.organizationId, person.bearer, pdfDocument)).statusCode).toBe(201);
}

const state = (organizationId: string) =>
  db()
    .selectFrom('organizations')
    .select(['kyc_status', 'payouts_enabled'])
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();

const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).orderBy('created_at').execute();

describe('an organisation’s verification, for its owner', () => {
  it('starts unverified, unable to sell paid tickets', async () => {
    const person = await owner();
    const read = await call('GET', base(person.organizationId), person.bearer);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({
      status: 'unverified',
      provider: 'sandbox',
      payoutsEnabled: false,
      canSellPaidTickets: false,
      details: null,
      bankAccount: null,
      documents: [],
    });
  });

  it('is the owner’s alone: a manager gets 403, another organisation’s owner 404, nobody signed in 401', async () => {
    const person = await owner();
    const manager = await teamMember(api.app, db(), person, 'manager');
    const stranger = await owner('Elsewhere');
    const asManager = await call('GET', base(person.organizationId), manager.bearer);
    expect(asManager.statusCode).toBe(403);
    expect(asManager.json().message).toBe('Only owners can verify the organisation and connect its payouts.');
    expect((await call('PUT', base(person.organizationId), manager.bearer, { details: details() })).statusCode).toBe(403);
    expect((await upload(person.organizationId, manager.bearer, pdfDocument)).statusCode).toBe(403);
    expect((await call('GET', base(person.organizationId), stranger.bearer)).statusCode).toBe(404);
    expect((await call('POST', `${base(person.organizationId)}/submit`, stranger.bearer)).statusCode).toBe(404);
    expect((await upload(person.organizationId, stranger.bearer, pdfDocument)).statusCode).toBe(404);
    expect((await api.app.inject({ method: 'GET', url: `/api${base(person.organizationId)}` })).statusCode).toBe(401);
  });

  it('refuses bad details with every field named, and keeps nothing of them', async () => {
    const person = await owner();
    const refused = await call('PUT', base(person.organizationId), person.bearer, {
      details: details({ legalName: '', country: 'Britain', representativeDateOfBirth: Math.floor(Date.now() / 1000) }),
      bankAccount: { accountHolder: 'M', sortCode: '12', accountNumber: 'abc' },
    });
    expect(refused.statusCode).toBe(400);
    expect(
      refused
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual([
      'body.bankAccount.accountNumber',
      'body.bankAccount.sortCode',
      'body.details.country',
      'body.details.legalName',
      'body.details.representativeDateOfBirth',
    ]);
    expect((await call('GET', base(person.organizationId), person.bearer)).json().data.details).toBeNull();
  });

  it('keeps only the last four digits of the bank account', async () => {
    const person = await owner();
    const saved = await call('PUT', base(person.organizationId), person.bearer, { details: details(), bankAccount: bank() });
    expect(saved.json().data.bankAccount).toEqual({
      accountHolder: 'Morgan Quay',
      sortCode: '108800',
      last4: '2345',
      status: 'valid',
    });
    expect(saved.json().data.details).toMatchObject({ country: 'GB', representativeDateOfBirth: adultBirth });
    const row = await db()
      .selectFrom('organization_verifications')
      .selectAll()
      .where('organization_id', '=', person.organizationId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(sandboxTestValues.accountPasses);
  });
});

describe('identity documents', () => {
  it('are recognised by their content, not their name: a PDF and a PNG are kept, SVG or text called .pdf are refused', async () => {
    const person = await owner();
    expect((await upload(person.organizationId, person.bearer, pdfDocument)).statusCode).toBe(201);
    const image = await upload(person.organizationId, person.bearer, png1x1, 'application/octet-stream', 'address');
    expect(image.statusCode).toBe(201);
    expect(
      image.json().data.documents.map((document: { contentType: string; kind: string }) => [document.kind, document.contentType]),
    ).toEqual([
      ['identity', 'application/pdf'],
      ['address', 'image/png'],
    ]);
    const svg = await upload(person.organizationId, person.bearer, svgImage, 'application/pdf');
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe('Only PDF, JPEG, PNG or WebP files can be uploaded.');
    expect(
      (await upload(person.organizationId, person.bearer, Buffer.from('just text, honest'), 'application/pdf')).statusCode,
    ).toBe(415);
    expect((await upload(person.organizationId, person.bearer, Buffer.alloc(0))).statusCode).toBe(400);
    const count = await db()
      .selectFrom('verification_documents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', person.organizationId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('are refused over 5,120,000 bytes', async () => {
    const person = await owner();
    const big = Buffer.concat([pdfDocument, Buffer.alloc(5_120_001)]);
    const refused = await upload(person.organizationId, person.bearer, big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe('A document cannot be larger than 5MB. Please choose a smaller file.');
  });

  it('are read back only by the owner and reviewers, never by a link, and each reading is recorded', async () => {
    const person = await owner();
    const uploaded = await upload(person.organizationId, person.bearer, pdfDocument);
    const documentId = uploaded.json().data.documents[0].id as string;
    expect(JSON.stringify(uploaded.json())).not.toMatch(/verification\/|https?:/);
    const own = await call('GET', `${base(person.organizationId)}/documents/${documentId}`, person.bearer);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(pdfDocument)).toBe(true);
    expect(own.headers['content-disposition']).toContain('attachment');

    const manager = await teamMember(api.app, db(), person, 'manager');
    const stranger = await owner('Prying Eyes');
    expect((await call('GET', `${base(person.organizationId)}/documents/${documentId}`, manager.bearer)).statusCode).toBe(403);
    expect((await call('GET', `${base(stranger.organizationId)}/documents/${documentId}`, stranger.bearer)).statusCode).toBe(404);
    expect((await call('GET', `${base(person.organizationId)}/documents/${documentId}`, stranger.bearer)).statusCode).toBe(404);

    const reviewer = await admin(['organisers.review']);
    const support = await admin(['users.read']);
    const adminUrl = `/admin/organisers/${person.organizationId}/documents/${documentId}`;
    expect((await call('GET', adminUrl, support.bearer)).statusCode).toBe(403);
    const read = await call('GET', adminUrl, reviewer.bearer);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(pdfDocument)).toBe(true);
    const trail = await db()
      .selectFrom('audit_log')
      .select(['actor_id'])
      .where('action', '=', 'verification.document_read')
      .where('subject_id', '=', person.organizationId)
      .execute();
    expect(trail.map((entry) => entry.actor_id).sort()).toEqual([person.authId, reviewer.authId].sort());
  });
});

describe('submitting in the sandbox', () => {
  it('lists what is missing and changes nothing', async () => {
    const person = await owner();
    await call('PUT', base(person.organizationId), person.bearer, { details: details({ sellerType: 'company' }) });
    const refused = await call('POST', `${base(person.organizationId)}/submit`, person.bearer);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Add the bank account payouts go to. Upload an identity document. Upload the company’s registration.',
    );
    expect((await state(person.organizationId)).kyc_status).toBe('unverified');
  });

  it('goes pending, then an administrator approves: verified, payouts enabled, the owner mailed, paid tickets on sale', async () => {
    const person = await owner();
    await ready(person);
    const submitted = await call('POST', `${base(person.organizationId)}/submit`, person.bearer);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data).toMatchObject({ status: 'pending', canSellPaidTickets: false });
    expect((await call('PUT', base(person.organizationId), person.bearer, { details: details() })).statusCode).toBe(409);

    const draft = await call('POST', '/events', person.bearer, eventBody(person.organizationId));
    const eventId = draft.json().data.id as string;
    const early = await call('POST', `/events/${eventId}/publish`, person.bearer);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(paidTicketsNeedVerification);

    const reviewer = await admin(['organisers.review']);
    const approved = await call('POST', `/admin/organisers/${person.organizationId}/decision`, reviewer.bearer, {
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.verification).toMatchObject({
      status: 'verified',
      payoutsEnabled: true,
      canSellPaidTickets: true,
    });
    expect(await state(person.organizationId)).toEqual({ kyc_status: 'verified', payouts_enabled: true });
    expect((await call('POST', `/events/${eventId}/publish`, person.bearer)).statusCode).toBe(200);

    const mails = await mailsTo(person.account.email);
    expect(mails.map((mail) => mail.subject).slice(-2)).toEqual([
      expect.stringContaining('we are reviewing your verification'),
      expect.stringContaining('is verified: you can sell paid tickets'),
    ]);
    const trail = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'details'])
      .where('subject_id', '=', person.organizationId)
      .where('action', 'in', ['verification.submitted', 'verification.approved'])
      .orderBy('created_at')
      .execute();
    expect(trail).toEqual([
      { action: 'verification.submitted', actor_id: person.authId, details: { before: 'unverified', after: 'pending' } },
      { action: 'verification.approved', actor_id: reviewer.authId, details: { before: 'pending', after: 'verified' } },
    ]);
    expect(
      (await call('POST', `/admin/organisers/${person.organizationId}/decision`, reviewer.bearer, { decision: 'approve' }))
        .statusCode,
    ).toBe(409);
  });

  it('answers the test values like Stripe: a failing birth date is rejected, the needs-more tax id asks for more by a deadline', async () => {
    const failing = await owner();
    await ready(failing, {
      representativeDateOfBirth: Math.floor(Date.parse(`${sandboxTestValues.failingBirthDate}T00:00:00Z`) / 1000),
    });
    const rejected = await call('POST', `${base(failing.organizationId)}/submit`, failing.bearer);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The representative’s identity could not be verified.',
    });

    const more = await owner();
    await ready(more, { taxId: sandboxTestValues.taxIdNeedsMore });
    const asked = (await call('POST', `${base(more.organizationId)}/submit`, more.bearer)).json().data;
    expect(asked.status).toBe('action_required');
    expect(asked.actionRequired).toMatch(/^The tax id does not match the legal name/);
    const days = (Date.parse(asked.actionDeadline) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    expect((await mailsTo(more.account.email)).at(-1)?.text_body).toContain('We need more information');
    // Given what was asked, it goes on to review.
    expect((await upload(more.organizationId, more.bearer, pdfDocument, 'application/pdf', 'company')).statusCode).toBe(201);
    expect((await call('POST', `${base(more.organizationId)}/submit`, more.bearer)).json().data.status).toBe('pending');
  });

  it('with the test account that refuses payouts, asks for another, and cannot be approved meanwhile', async () => {
    const person = await owner();
    await ready(person, {}, bank(sandboxTestValues.accountFails));
    const asked = (await call('POST', `${base(person.organizationId)}/submit`, person.bearer)).json().data;
    expect(asked).toMatchObject({ status: 'action_required', bankAccount: { status: 'failed' } });
    const reviewer = await admin(['organisers.review']);
    const approve = await call('POST', `/admin/organisers/${person.organizationId}/decision`, reviewer.bearer, {
      decision: 'approve',
    });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toBe('The bank account cannot receive payouts: ask the organiser for another one.');
  });

  it('sent twice at once is sent once: one answer, one mail', async () => {
    const person = await owner();
    await ready(person);
    const before = (await mailsTo(person.account.email)).length;
    const answers = await Promise.all([
      call('POST', `${base(person.organizationId)}/submit`, person.bearer),
      call('POST', `${base(person.organizationId)}/submit`, person.bearer),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await mailsTo(person.account.email)).length).toBe(before + 1);
  });
});

describe('an administrator’s decisions', () => {
  async function pending() {
    const person = await owner();
    await ready(person);
    await call('POST', `${base(person.organizationId)}/submit`, person.bearer);
    return person;
  }

  it('need organisers.review, are validated, and answer 404 for an organiser that does not exist', async () => {
    const person = await pending();
    const support = await admin(['users.read']);
    const url = `/admin/organisers/${person.organizationId}/decision`;
    expect((await call('POST', url, support.bearer, { decision: 'approve' })).statusCode).toBe(403);
    expect((await call('POST', url, person.bearer, { decision: 'approve' })).statusCode).toBe(403);
    const reviewer = await admin(['organisers.review']);
    const bad = await call('POST', url, reviewer.bearer, { decision: 'request_more', what: '', deadlineDays: 0 });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((error: { path: string }) => error.path)
        .sort(),
    ).toEqual(['body.deadlineDays', 'body.what']);
    const missing = await call('POST', '/admin/organisers/00000000-0000-4000-8000-000000000000/decision', reviewer.bearer, {
      decision: 'approve',
    });
    expect(missing.statusCode).toBe(404);
    expect((await state(person.organizationId)).kyc_status).toBe('pending');
  });

  it('two reviewers deciding at once: one decision holds, the other is refused, one mail', async () => {
    const person = await pending();
    const [first, second] = [await admin(['organisers.review']), await admin(['organisers.review'])];
    const url = `/admin/organisers/${person.organizationId}/decision`;
    const before = (await mailsTo(person.account.email)).length;
    const answers = await Promise.all([
      call('POST', url, first.bearer, { decision: 'approve' }),
      call('POST', url, second.bearer, { decision: 'reject', reason: 'Documents unreadable' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await mailsTo(person.account.email)).length).toBe(before + 1);
    const decided = await db()
      .selectFrom('audit_log')
      .select('action')
      .where('subject_id', '=', person.organizationId)
      .where('action', 'in', ['verification.approved', 'verification.rejected'])
      .execute();
    expect(decided).toHaveLength(1);
  });

  it('ask for more with what and a deadline, or reject with a reason; the owner is mailed each time', async () => {
    const person = await pending();
    const reviewer = await admin(['organisers.review']);
    const url = `/admin/organisers/${person.organizationId}/decision`;
    const asked = await call('POST', url, reviewer.bearer, {
      decision: 'request_more',
      what: 'A clearer photo of the passport',
      deadlineDays: 7,
    });
    expect(asked.json().data.verification).toMatchObject({
      status: 'action_required',
      actionRequired: 'A clearer photo of the passport',
    });
    expect((await mailsTo(person.account.email)).at(-1)?.text_body).toContain('A clearer photo of the passport');
    const rejected = await call('POST', url, reviewer.bearer, {
      decision: 'reject',
      reason: 'The documents do not match the name',
    });
    expect(rejected.json().data.verification).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The documents do not match the name',
    });
    expect((await mailsTo(person.account.email)).at(-1)?.subject).toContain('your verification was not approved');
    const history = rejected.json().data.history.map((entry: { action: string }) => entry.action);
    expect(history.slice(0, 2)).toEqual(['verification.rejected', 'verification.more_requested']);
    expect((await call('PUT', base(person.organizationId), person.bearer, { details: details() })).statusCode).toBe(409);
  });
});

describe('the paid-ticket rule', () => {
  it('needs payouts enabled as well as verification', async () => {
    const person = await owner();
    await db().updateTable('organizations').set({ kyc_status: 'verified' }).where('id', '=', person.organizationId).execute();
    const draft = await call('POST', '/events', person.bearer, eventBody(person.organizationId));
    const publish = await call('POST', `/events/${draft.json().data.id}/publish`, person.bearer);
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toBe(paidTicketsNeedVerification);
    await markVerified(db(), person.organizationId);
    expect((await call('POST', `/events/${draft.json().data.id}/publish`, person.bearer)).statusCode).toBe(200);
  });

  it('refuses a paid price on a published free event of an organisation whose payouts are off', async () => {
    const person = await owner();
    const event = await publishedEvent(api.app, person, {
      ticketTypes: [{ name: 'Free', price: 0, currency: 'GBP', capacity: 5 }],
    });
    await db().updateTable('organizations').set({ kyc_status: 'verified' }).where('id', '=', person.organizationId).execute();
    const raised = await api.app.inject({
      method: 'PATCH',
      url: `/api/events/${event.id}`,
      headers: person.bearer,
      payload: { ticketTypes: [{ name: 'Free', price: 900, currency: 'GBP', capacity: 5 }] },
    });
    expect(raised.statusCode).toBe(409);
  });
});

describe('the administrators’ organiser pages', () => {
  it('list organisers newest first, by name or owner email and by state, a page at a time', async () => {
    const tag = `Zephyr${Date.now()}`;
    const made = [];
    for (let index = 0; index < 27; index += 1) made.push(await owner(`${tag} Hall`));
    await markVerified(db(), made[0]?.organizationId as string);
    const reviewer = await admin(['organisers.review']);
    const first = await call('GET', `/admin/organisers?q=${tag.toLowerCase()}`, reviewer.bearer);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.items).toHaveLength(25);
    // Newest first, by creation time then id (two made in the same instant are told apart by id).
    const newest = await db()
      .selectFrom('organizations')
      .select(['id', 'name'])
      .where('name', 'like', `${tag} Hall %`)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(first.json().data.items[0]).toMatchObject({ id: newest.id, name: newest.name, kycStatus: 'unverified' });
    const second = await call('GET', `/admin/organisers?q=${tag}&after=${first.json().data.next}`, reviewer.bearer);
    expect(second.json().data.items).toHaveLength(2);
    expect(second.json().data.next).toBeNull();
    const verified = await call('GET', `/admin/organisers?q=${tag}&status=verified`, reviewer.bearer);
    expect(verified.json().data.items.map((item: { id: string }) => item.id)).toEqual([made[0]?.organizationId]);
    const byEmail = await call('GET', `/admin/organisers?q=${encodeURIComponent(made[3]?.account.email ?? '')}`, reviewer.bearer);
    expect(byEmail.json().data.items.map((item: { id: string }) => item.id)).toEqual([made[3]?.organizationId]);
    expect((await call('GET', '/admin/organisers?status=asleep', reviewer.bearer)).statusCode).toBe(400);
    expect((await call('GET', '/admin/organisers?after=nonsense', reviewer.bearer)).statusCode).toBe(400);
    expect((await call('GET', '/admin/organisers', (await admin(['users.read'])).bearer)).statusCode).toBe(403);
  });

  it('suspend an organiser: its events stop selling, members are mailed; reinstated, they sell again', async () => {
    const { organiser, event, types } = await eventOnSale(api.app, db());
    const reviewer = await admin(['organisers.review']);
    const url = `/admin/organisers/${organiser.organizationId}`;
    expect((await call('POST', `${url}/suspend`, reviewer.bearer, { reason: '' })).statusCode).toBe(400);
    const suspended = await call('POST', `${url}/suspend`, reviewer.bearer, { reason: 'Reports of events that never happened' });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().data.organiser.suspendedAt).not.toBeNull();
    expect((await call('POST', `${url}/suspend`, reviewer.bearer, { reason: 'Twice' })).statusCode).toBe(409);
    const item = [{ ticketTypeId: types[0]?.id as string, quantity: 1 }];
    const refused = await placeOrder(api.app, orderBody(event.id, item));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Tickets for this event are not on sale: its organiser’s sales are paused.');
    expect((await mailsTo(organiser.account.email)).at(-1)?.text_body).toContain('Reports of events that never happened');
    // Its events leave the public listings while suspended, and come back with it.
    const listed = async () => {
      const lists = await Promise.all(
        ['/events?pageSize=50', '/catalogue?limit=48'].map(async (path) => (await call('GET', path, {})).json().data.items),
      );
      return lists.map((items: { id: string }[]) => items.some((item) => item.id === event.id));
    };
    expect(await listed()).toEqual([false, false]);
    expect((await call('POST', `${url}/reinstate`, reviewer.bearer, { reason: 'Cleared after review' })).statusCode).toBe(200);
    expect(await listed()).toEqual([true, true]);
    expect((await placeOrder(api.app, orderBody(event.id, item))).statusCode).toBe(201);
  });

  it('show the team and remove a member with a reason, never the last owner', async () => {
    const person = await owner();
    const door = await teamMember(api.app, db(), person, 'door');
    const reviewer = await admin(['organisers.review']);
    const url = `/admin/organisers/${person.organizationId}/team`;
    const team = await call('GET', url, reviewer.bearer);
    expect(
      team
        .json()
        .data.members.map((member: { role: string }) => member.role)
        .sort(),
    ).toEqual(['door', 'owner']);
    const removed = await call('POST', `${url}/${door.authId}/remove`, reviewer.bearer, { reason: 'Left the company' });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.members.map((member: { role: string }) => member.role)).toEqual(['owner']);
    const last = await call('POST', `${url}/${person.authId}/remove`, reviewer.bearer, { reason: 'Testing the guard' });
    expect(last.statusCode).toBe(409);
    expect((await call('POST', `${url}/${door.authId}/remove`, reviewer.bearer, { reason: 'Again' })).statusCode).toBe(404);
    expect((await call('GET', '/admin/organisers/00000000-0000-4000-8000-000000000000/team', reviewer.bearer)).statusCode).toBe(
      404,
    );
  });
});
