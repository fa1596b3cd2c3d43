import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpStatusName } from '../../src/contract/envelope.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { inDays, verifiedOrganizer } from '../fixtures/events.ts';
import { describeRequest, type FuzzRequest, requestsFor } from '../fixtures/fuzz-requests.ts';
import { type Operation, operationsOf, schemaErrors } from '../fixtures/openapi-operations.ts';
import { eventOnSale, heldOrder, orderBody, paySandbox, sessionIdOf } from '../fixtures/orders.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Reproducible: the same seed sends the same requests. FUZZ_SEED and FUZZ_RUNS change them.
const seed = Number(process.env.FUZZ_SEED ?? 20_240_611);
const runs = Number(process.env.FUZZ_RUNS ?? 15);

// The document is read before the tests are declared, so each operation is a test of its own.
const api: TestApi = await createTestApi();
const document = (await api.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
const operations = operationsOf(document);
afterAll(() => api.close());

const callers: Array<{ name: string; authorization: () => string | null }> = [];
const known = new Map<string, unknown[]>();

beforeAll(async () => {
  const { app } = api;
  const { db } = api.database;
  const { organiser: owner, event, types } = await eventOnSale(app, db);
  const rival = await verifiedOrganizer(app, db, 'Rival Nights');
  const attendee = await signedInAccount(app, db);
  const admin = await signedInAccount(app, db);
  await db.updateTable('users').set({ is_admin: true }).where('id', '=', admin.authId).execute();
  const items = (type: { id: string }) => [{ ticketTypeId: type.id, quantity: 1 }];
  const held = await heldOrder(app, orderBody(event.id, items(types[0] ?? { id: '' })));
  const paid = await heldOrder(app, orderBody(event.id, items(types[0] ?? { id: '' })));
  await paySandbox(app, paid);
  const invitation = await invite(owner, 'door.fuzz@example.test');
  callers.push(
    { name: 'no token', authorization: () => null },
    { name: 'a forged token', authorization: () => 'Bearer not.a.token' },
    { name: 'an attendee', authorization: () => attendee.bearer.authorization },
    { name: 'the event’s organiser (owner)', authorization: () => owner.bearer.authorization },
    { name: 'another organisation’s owner', authorization: () => rival.bearer.authorization },
    { name: 'an admin', authorization: () => admin.bearer.authorization },
  );
  const entries: Array<[string, unknown[]]> = [
    ['organizationId', [owner.organizationId, rival.organizationId]],
    ['eventId', [event.id]],
    ['ticketTypeId', types.map((type) => type.id)],
    ['orderId', [held.id, paid.id]],
    ['id', [attendee.authId, owner.authId]],
    ['userId', [attendee.authId, owner.authId, rival.authId]],
    ['authId', [attendee.authId]],
    ['email', [attendee.account.email]],
    ['password', [attendee.account.password]],
    ['invitationId', [invitation.id]],
    ['token', [invitation.token, held.accessToken]],
    ['sessionId', [sessionIdOf(held), sessionIdOf(paid)]],
    ['provider', ['sandbox', 'stripe']],
    ['timezone', ['Europe/London', 'UTC']],
    ['startsAt', [inDays(20)]],
    ['endsAt', [inDays(20, 23)]],
  ];
  for (const [name, values] of entries) known.set(name, values);
});

async function invite(owner: { organizationId: string; bearer: Record<string, string> }, email: string) {
  const sent = await api.app.inject({
    method: 'POST',
    url: `/api/organizations/${owner.organizationId}/invitations`,
    headers: owner.bearer,
    payload: { email, role: 'door' },
  });
  if (sent.statusCode !== 201) throw new Error(`invitation failed: ${sent.body}`);
  const mail = await api.database.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .executeTakeFirstOrThrow();
  const token = /\/invitations\/([\w-]+)/.exec(mail.text_body)?.[1] ?? '';
  return { id: sent.json().data.id as string, token };
}

/** What is wrong with the answer to a request, or null: a 5xx, an undocumented status, a body off its schema. */
async function fault(operation: Operation, request: FuzzRequest): Promise<string | null> {
  const response = await api.app.inject(request);
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}: ${response.body}`;
  const documented = operation.responses[String(status)];
  if (!documented) return `answered ${status}, which the document does not declare: ${response.body.slice(0, 300)}`;
  const mediaType = String(response.headers['content-type'] ?? '');
  const [declared, content] = Object.entries(documented.content ?? {}).find(([type]) => mediaType.startsWith(type)) ?? [];
  if (!declared) return `answered ${status} as ${mediaType}, which the document does not declare`;
  if (declared !== 'application/json') return null;
  const body = response.json();
  if (body?.httpStatus !== httpStatusName(status) || typeof body.message !== 'string') {
    return `answered ${status} with a body that is not its envelope: ${response.body.slice(0, 300)}`;
  }
  const errors = content?.schema ? schemaErrors(content.schema, body) : null;
  return errors && `answered ${status} with a body off its documented schema (${errors}): ${response.body.slice(0, 300)}`;
}

describe('every operation in the OpenAPI document, fuzzed', () => {
  it('finds every route in the document', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(operations.map((operation, index) => [`${operation.method} ${operation.path}`, operation, index] as const))(
    '%s answers every caller and every input with a documented status and schema, never a 5xx',
    async (_name, operation, index) => {
      for (const [callerIndex, caller] of callers.entries()) {
        const property = fc.asyncProperty(
          requestsFor(operation, (name) => known.get(name), caller.authorization()),
          async (request) => {
            const problem = await fault(operation, request);
            if (problem) throw new Error(`${problem}\n${describeRequest(request)}`);
          },
        );
        const runSeed = seed + index * callers.length + callerIndex;
        const details = await fc.check(property, { seed: runSeed, numRuns: runs });
        const failure = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        expect.soft(details.failed, `as ${caller.name} (seed ${runSeed}, FUZZ_SEED=${seed}):\n${failure}`).toBe(false);
      }
    },
    60_000,
  );
});
