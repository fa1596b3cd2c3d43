import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../fixtures/accounts.ts';
import { png1x1 } from '../fixtures/images.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Files on cases: images and PDF by their bytes, reached only by the case's owner (session or link access)
// and agents, downloaded through a short-lived signed link.

let api: TestApi;
let agent: Awaited<ReturnType<typeof signedInAccount>>;
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.50.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: 'https://admit.example' });
  agent = await signedInAccount(api.app, api.database.db);
  await api.database.db.updateTable('users').set({ is_admin: true }).where('id', '=', agent.authId).execute();
});
afterAll(() => api.close());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const upload = (url: string, bytes: Buffer, contentType: string, headers: Record<string, string> = {}) =>
  api.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload: bytes,
    headers: { 'content-type': contentType, ...headers },
    remoteAddress: nextAddress(),
  });
const post = (url: string, headers: Record<string, string> = {}, payload?: object) =>
  api.app.inject({ method: 'POST', url: `/api${url}`, headers, ...(payload ? { payload } : {}), remoteAddress: nextAddress() });

async function ownersCase() {
  const person = await signedInAccount(api.app, api.database.db);
  const raised = await post('/help/cases', person.bearer, {
    categorySlug: 'attendees',
    subject: 'Ticket shows the wrong name',
    description: 'The ticket has my old name on it; screenshot attached.',
  });
  expect(raised.statusCode).toBe(201);
  return { person, caseId: raised.json().data.caseId as string };
}

describe('case attachments', () => {
  it('the owner attaches an image and a PDF, the agent one more; both see all three and download them by link', async () => {
    const { person, caseId } = await ownersCase();
    const image = await upload(`/help/cases/${caseId}/attachments?name=ticket.png`, png1x1, 'image/png', person.bearer);
    expect(image.statusCode).toBe(201);
    const withPdf = await upload(
      `/help/cases/${caseId}/attachments?name=${encodeURIComponent('../receipt "May".pdf')}`,
      pdf,
      'application/octet-stream',
      person.bearer,
    );
    expect(withPdf.statusCode).toBe(201);
    expect(
      withPdf.json().data.items.map((item: { filename: string; contentType: string }) => [item.filename, item.contentType]),
    ).toEqual([
      ['ticket.png', 'image/png'],
      ['receipt May.pdf', 'application/pdf'],
    ]);
    const byAgent = await upload(`/admin/cases/${caseId}/attachments?name=refund.pdf`, pdf, 'application/pdf', agent.bearer);
    expect(byAgent.statusCode).toBe(201);

    const seen = (await api.app.inject({ method: 'GET', url: `/api/help/cases/${caseId}`, headers: person.bearer })).json().data;
    expect(seen.attachments).toHaveLength(3);
    expect(seen.attachments[2]).toMatchObject({ author: 'agent', filename: 'refund.pdf' });
    const agentSees = (await api.app.inject({ method: 'GET', url: `/api/admin/cases/${caseId}`, headers: agent.bearer })).json()
      .data;
    expect(agentSees.attachments.map((item: { id: string }) => item.id)).toEqual(
      seen.attachments.map((item: { id: string }) => item.id),
    );

    const link = await post(`/help/cases/${caseId}/attachments/${seen.attachments[0].id}/link`, person.bearer);
    expect(link.statusCode).toBe(200);
    const url = link.json().data.url as string;
    expect(url).toMatch(/^\/api\/help\/attachments\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    const file = await api.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('attachment; filename="ticket.png"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(png1x1)).toBe(true);
    const agentLink = await post(`/admin/cases/${caseId}/attachments/${seen.attachments[1].id}/link`, agent.bearer);
    expect((await api.app.inject({ method: 'GET', url: agentLink.json().data.url })).rawPayload.equals(pdf)).toBe(true);

    // An altered signature or another file's id under the same signature opens nothing.
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api.app.inject({ method: 'GET', url: url.replace(seen.attachments[0].id, seen.attachments[1].id) })).statusCode,
    ).toBe(404);
  });

  it('an agents-only file is listed and linked to agents, never to the person who raised the case', async () => {
    const { person, caseId } = await ownersCase();
    const shared = await upload(`/admin/cases/${caseId}/attachments?name=refund.pdf`, pdf, 'application/pdf', agent.bearer);
    expect(shared.statusCode).toBe(201);
    const kept = await upload(
      `/admin/cases/${caseId}/attachments?name=provider-log.png&internal=true`,
      png1x1,
      'image/png',
      agent.bearer,
    );
    expect(kept.statusCode).toBe(201);
    expect(kept.json().message).toBe('The file is attached for agents only.');
    const agentItems = kept.json().data.items as Array<{ id: string; filename: string; internal: boolean }>;
    expect(agentItems.map((item) => [item.filename, item.internal])).toEqual([
      ['refund.pdf', false],
      ['provider-log.png', true],
    ]);
    const keptId = agentItems[1]?.id as string;

    // The agent's page lists it and links to it.
    const agentSees = (await api.app.inject({ method: 'GET', url: `/api/admin/cases/${caseId}`, headers: agent.bearer })).json()
      .data;
    expect(agentSees.attachments.map((item: { id: string }) => item.id)).toContain(keptId);
    const agentLink = await post(`/admin/cases/${caseId}/attachments/${keptId}/link`, agent.bearer);
    expect((await api.app.inject({ method: 'GET', url: agentLink.json().data.url })).rawPayload.equals(png1x1)).toBe(true);

    // The customer's page lists the shared file only; a link to the kept one is a 404, and so is its id with a
    // made-up signature.
    const seen = (await api.app.inject({ method: 'GET', url: `/api/help/cases/${caseId}`, headers: person.bearer })).json().data;
    expect(seen.attachments.map((item: { filename: string; internal: boolean }) => [item.filename, item.internal])).toEqual([
      ['refund.pdf', false],
    ]);
    expect(JSON.stringify(seen)).not.toContain('provider-log');
    expect((await post(`/help/cases/${caseId}/attachments/${keptId}/link`, person.bearer)).statusCode).toBe(404);
    expect(
      (
        await api.app.inject({
          method: 'GET',
          url: `/api/help/attachments/${keptId}?expires=9999999999&signature=${'A'.repeat(43)}`,
        })
      ).statusCode,
    ).toBe(404);

    // The customer cannot keep a file from the agents: their own upload is always shared.
    const theirs = await upload(
      `/help/cases/${caseId}/attachments?name=mine.png&internal=true`,
      png1x1,
      'image/png',
      person.bearer,
    );
    expect(theirs.statusCode).toBe(201);
    expect(
      theirs.json().data.items.map((item: { filename: string; internal: boolean }) => [item.filename, item.internal]),
    ).toEqual([
      ['refund.pdf', false],
      ['mine.png', false],
    ]);

    // A bad flag is refused with a message and keeps nothing.
    const bad = await upload(`/admin/cases/${caseId}/attachments?name=x.png&internal=maybe`, png1x1, 'image/png', agent.bearer);
    expect(bad.statusCode).toBe(400);
    const after = (await api.app.inject({ method: 'GET', url: `/api/admin/cases/${caseId}`, headers: agent.bearer })).json().data;
    expect(after.attachments).toHaveLength(3);
  });

  it('refuses a file renamed to look like an image, an empty one and one too large, with clear messages, keeping nothing', async () => {
    const { person, caseId } = await ownersCase();
    const renamed = await upload(
      `/help/cases/${caseId}/attachments?name=photo.png`,
      Buffer.from('MZ this is a program'),
      'image/png',
      person.bearer,
    );
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().message).toBe(
      'Attach an image (JPEG, PNG or WebP) or a PDF. This file is neither, whatever its name says.',
    );
    const svg = await upload(
      `/help/cases/${caseId}/attachments?name=a.svg`,
      Buffer.from('<svg onload="alert(1)"/>'),
      'image/svg+xml',
      person.bearer,
    );
    expect(svg.statusCode).toBe(415);
    const empty = await upload(`/help/cases/${caseId}/attachments?name=a.pdf`, Buffer.alloc(0), 'application/pdf', person.bearer);
    expect(empty.statusCode).toBe(415);
    const big = Buffer.concat([pdf, Buffer.alloc(5_000_001)]);
    const tooLarge = await upload(`/help/cases/${caseId}/attachments?name=big.pdf`, big, 'application/pdf', person.bearer);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('A file can be at most 5 MB.');
    const seen = (await api.app.inject({ method: 'GET', url: `/api/help/cases/${caseId}`, headers: person.bearer })).json().data;
    expect(seen.attachments).toEqual([]);
  });

  it('another person’s case, file or link key: 404 on every route', async () => {
    const { person, caseId } = await ownersCase();
    const other = await ownersCase();
    const mine = (await upload(`/help/cases/${caseId}/attachments?name=a.png`, png1x1, 'image/png', person.bearer)).json().data
      .items[0].id;
    const theirs = (
      await upload(`/help/cases/${other.caseId}/attachments?name=b.png`, png1x1, 'image/png', other.person.bearer)
    ).json().data.items[0].id;
    // Uploading to or linking from someone else's case.
    expect(
      (await upload(`/help/cases/${other.caseId}/attachments?name=x.png`, png1x1, 'image/png', person.bearer)).statusCode,
    ).toBe(404);
    expect((await post(`/help/cases/${other.caseId}/attachments/${theirs}/link`, person.bearer)).statusCode).toBe(404);
    // Their file's id under my own case.
    expect((await post(`/help/cases/${caseId}/attachments/${theirs}/link`, person.bearer)).statusCode).toBe(404);
    expect((await post(`/admin/cases/${caseId}/attachments/${theirs}/link`, agent.bearer)).statusCode).toBe(404);
    // Nobody signed in: refused before the body is read, however large.
    const anonymous = await upload(
      `/help/cases/${caseId}/attachments?name=x.pdf`,
      Buffer.concat([pdf, Buffer.alloc(6_000_000)]),
      'application/pdf',
    );
    expect(anonymous.statusCode).toBe(404);
    // Nobody signed in, and a made-up access key.
    expect((await post(`/help/cases/${caseId}/attachments/${mine}/link`)).statusCode).toBe(404);
    expect(
      (await post(`/help/cases/${caseId}/attachments/${mine}/link`, { 'x-case-access': 'made-up-key-made-up-key' })).statusCode,
    ).toBe(404);
    // An expired link.
    const url = (await post(`/help/cases/${caseId}/attachments/${mine}/link`, person.bearer)).json().data.url as string;
    const expired = url.replace(/expires=\d+/, 'expires=1000');
    const answer = await api.app.inject({ method: 'GET', url: expired });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toContain('expired or is not valid');
  });

  it('a guest attaches with the access their link gave; a closed case takes no more files', async () => {
    const email = `attach.${Date.now()}@example.test`;
    await post(
      '/help/cases',
      {},
      {
        categorySlug: 'attendees',
        subject: 'Cannot open my ticket',
        description: 'The PDF of my ticket does not open.',
        name: 'Grace',
        email,
      },
    );
    const mail = await api.database.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    const token = /token=([\w-]+)/.exec(mail.text_body)?.[1] ?? '';
    const access = (await post('/help/cases/access', {}, { token })).json().data;
    const headers = { 'x-case-access': access.accessKey };
    expect(
      (await upload(`/help/cases/${access.caseId}/attachments?name=t.pdf`, pdf, 'application/pdf', headers)).statusCode,
    ).toBe(201);
    await api.app.inject({
      method: 'PATCH',
      url: `/api/admin/cases/${access.caseId}`,
      headers: agent.bearer,
      payload: { state: 'closed' },
    });
    const refused = await upload(`/help/cases/${access.caseId}/attachments?name=u.pdf`, pdf, 'application/pdf', headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This case is closed, so it takes no more files.');
  });
});
