import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedWhileActingMessage } from '../../src/contract/acting.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import { type AwsPeers, startAwsPeers } from '../fixtures/aws-peers.ts';
import { verifiedOrganizer } from '../fixtures/events.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// Generated from the route registry (decision 048): every route that changes anything says whether support may use
// it while acting as a user, the routes allowed are exactly those the decision record lists, and every other write
// answers an acting token with 403 and the refusal sentence. Built twice, as the S3 storage driver adds routes.

const base = '/api';
const reads = new Set(['GET', 'HEAD', 'OPTIONS']);
const record = new URL('../../docs/decisions/048-acting-deny-by-default.md', import.meta.url);

/** The routes the decision record lists under "Allowed while acting", as `METHOD /path`. */
function recordedAllowed(): string[] {
  const text = readFileSync(record, 'utf8');
  const section = text.split(/^### Allowed while acting$/m)[1]?.split(/^#/m)[0] ?? '';
  return [...section.matchAll(/^- `((?:POST|PUT|PATCH|DELETE) \/\S+)`/gm)].map((match) => match[1] as string).sort();
}

type Route = TestApi['routes'][number];
const keyOf = (route: Route) => `${route.method} ${route.url.slice(base.length)}`;
/** Routes under the API base that change something; the catch-all that answers an unknown path with 404 is not one. */
const writesOf = (api: TestApi) =>
  api.routes.filter((route) => route.url.startsWith(`${base}/`) && route.url !== `${base}/*` && !reads.has(route.method));
const isAllowed = (route: Route) => typeof route.whileActing === 'object';
/** A path the route matches: any value will do, as the acting check runs before parameters are read. */
const pathOf = (route: Route) => route.url.replace(/:\w+/g, () => randomUUID()).replace(/\*$/, 'x');

let local: TestApi;
let aws: TestApi;
let peers: AwsPeers;
const apis = () => [
  { name: 'local storage', api: local },
  { name: 'S3 storage', api: aws },
];
const acting = new Map<TestApi, Record<string, string>>();

/** An administrator acting as an organisation's owner, the user who can change the most. */
async function actingToken(api: TestApi) {
  const db = api.database.db;
  const owner = await verifiedOrganizer(api.app, db, 'Quayside Sounds');
  const admin = await signedInAccount(api.app, db, { firstName: 'Kit', lastName: 'Support' });
  await db.updateTable('users').set({ is_admin: true }).where('id', '=', admin.authId).execute();
  await db.deleteFrom('admin_group_members').where('user_id', '=', admin.authId).execute();
  await groupInDb(db, ['users.manage'], [admin.authId]);
  const started = await api.app.inject({
    method: 'POST',
    url: `${base}/admin/users/${owner.authId}/act`,
    headers: admin.bearer,
    payload: { reason: 'Checking every route refuses what support may not do.' },
  });
  expect(started.statusCode).toBe(200);
  return { authorization: `Bearer ${started.json().data.accessToken as string}` };
}

beforeAll(async () => {
  local = await createTestApi();
  peers = await startAwsPeers();
  aws = await createTestApi(peers.env());
  for (const { api } of apis()) acting.set(api, await actingToken(api));
}, 120_000);

afterAll(async () => {
  const writes = [
    ...new Set(
      apis()
        .flatMap(({ api }) => writesOf(api))
        .map(keyOf),
    ),
  ];
  const allowed = [
    ...new Set(
      apis()
        .flatMap(({ api }) => writesOf(api).filter(isAllowed))
        .map(keyOf),
    ),
  ].sort();
  // biome-ignore lint/suspicious/noConsole: the counts are figures decision 048 reports.
  console.log(`Write routes: ${writes.length}; allowed while acting: ${allowed.length} (${allowed.join(', ')}).`);
  await local?.close();
  await aws?.close();
  await peers?.close();
});

let address = 0;
/** Sends the route an acting token, an empty body and its own client address (no per-address limit decides). */
async function sendActing(api: TestApi, route: Route) {
  address += 1;
  const response = await api.app.inject({
    method: route.method as 'POST',
    url: pathOf(route),
    headers: acting.get(api) ?? {},
    payload: {},
    remoteAddress: `10.48.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
  });
  const json = response.headers['content-type']?.includes('json') ? response.json() : {};
  return { status: response.statusCode, message: json.message as string | undefined };
}

describe('what support may do while acting as a user, route by route', () => {
  it('is declared by every route that changes anything, refused or allowed with a reason', () => {
    for (const { name, api } of apis()) {
      const undeclared = writesOf(api).filter((route) => route.whileActing === undefined);
      expect(undeclared.map((route) => `${keyOf(route)} (${name}) has no whileActing declaration`)).toEqual([]);
      const unexplained = writesOf(api).filter(
        (route) => typeof route.whileActing === 'object' && route.whileActing.allowed.trim().length < 20,
      );
      expect(unexplained.map((route) => `${keyOf(route)} is allowed without a reason`)).toEqual([]);
    }
  });

  it('allows exactly the routes decision 048 lists', () => {
    const allowed = [
      ...new Set(
        apis()
          .flatMap(({ api }) => writesOf(api).filter(isAllowed))
          .map(keyOf),
      ),
    ].sort();
    expect(recordedAllowed().length).toBeGreaterThan(0);
    expect(allowed).toEqual(recordedAllowed());
  });

  it('refuses every other write with 403 and the sentence, before the route reads anything', async () => {
    for (const { name, api } of apis()) {
      const wrong: string[] = [];
      for (const route of writesOf(api).filter((candidate) => !isAllowed(candidate))) {
        const answer = await sendActing(api, route);
        if (answer.status !== 403 || answer.message !== refusedWhileActingMessage) {
          wrong.push(`${keyOf(route)} (${name}) answered ${answer.status} “${answer.message ?? ''}”`);
        }
      }
      expect(wrong).toEqual([]);
    }
  });

  it('lets the allowed routes run: whatever they answer, it is not the refusal', async () => {
    for (const route of writesOf(local).filter(isAllowed)) {
      const answer = await sendActing(local, route);
      expect(answer.message, keyOf(route)).not.toBe(refusedWhileActingMessage);
      expect(answer.status, keyOf(route)).not.toBe(401);
    }
  });

  it('refuses every admin route but stopping, reads included', async () => {
    const admin = local.routes.filter((route) => route.url.startsWith(`${base}/admin/`) && route.method !== 'HEAD');
    expect(admin.length).toBeGreaterThan(40);
    for (const route of admin.filter((candidate) => !candidate.url.endsWith('/act/stop'))) {
      const answer = await sendActing(local, route);
      expect([answer.status, answer.message], keyOf(route)).toEqual([403, refusedWhileActingMessage]);
    }
  });
});
