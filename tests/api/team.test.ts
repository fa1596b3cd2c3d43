import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../server/lib/auth/secrets.ts';
import { maxTeamSize } from '../../src/contract/team.ts';
import { newestMailText, signedInAccount } from '../fixtures/accounts.ts';
import { eventBody, verifiedOrganizer } from '../fixtures/events.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ PUBLIC_APP_URL: 'https://admit.example' });
});
afterAll(() => api.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Person = { bearer: Record<string, string>; authId: string; account: { email: string } };
type Owner = Person & { organizationId: string };

const call = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  api.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const organiser = (name = 'Dockside Promotions'): Promise<Owner> => verifiedOrganizer(api.app, api.database.db, name);
const person = (): Promise<Person> => signedInAccount(api.app, api.database.db);

/** The invitation token in the newest mail to `email`. */
async function mailedToken(email: string): Promise<string> {
  // The link starts with the configured public origin.
  const token = /https:\/\/admit\.example\/invitations\/([\w-]{43})/.exec(await newestMailText(api.database.db, email))?.[1];
  if (!token) throw new Error(`No invitation link in the mail to ${email}`);
  return token;
}

async function invite(owner: Person & { organizationId: string }, email: string, role: string) {
  const response = await call('POST', `/organizations/${owner.organizationId}/invitations`, owner.bearer, { email, role });
  if (response.statusCode !== 201) throw new Error(`invite failed: ${response.body}`);
  return { invitation: response.json().data as { id: string }, token: await mailedToken(email) };
}

/** A new account that joined the owner's organisation with the role, through an invitation. */
async function member(owner: Owner, role: string): Promise<Person> {
  const someone = await person();
  const { token } = await invite(owner, someone.account.email, role);
  const accepted = await call('POST', `/invitations/${token}/accept`, someone.bearer);
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  return someone;
}

const team = async (owner: Owner) =>
  (await call('GET', `/organizations/${owner.organizationId}/members`, owner.bearer)).json().data;
const ownerCount = async (organizationId: string) =>
  (
    await api.database.db
      .selectFrom('organization_members')
      .select('user_id')
      .where('organization_id', '=', organizationId)
      .where('role', '=', 'owner')
      .execute()
  ).length;

describe('inviting someone to the team', () => {
  it('mails a link that the invited person accepts to join with the role', async () => {
    const owner = await organiser('Quayside Sounds');
    const invitee = await person();
    const sent = await call('POST', `/organizations/${owner.organizationId}/invitations`, owner.bearer, {
      email: `  ${invitee.account.email.toUpperCase()} `,
      role: 'door',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toMatchObject({
      email: invitee.account.email,
      role: 'door',
      invitedBy: 'Ada Lovelace',
      expired: false,
    });
    const expiresIn = Date.parse(sent.json().data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);

    const mail = await api.database.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', invitee.account.email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Join Quayside Sounds on Admit');
    expect(mail.text_body).toContain('as Door staff');
    const token = await mailedToken(invitee.account.email);
    expect(mail.html_body).toContain(`https://admit.example/invitations/${token}`);

    // Stored only as a hash.
    const stored = await api.database.db.selectFrom('organization_invitations').selectAll().execute();
    expect(stored.some((row) => row.token_hash === sha256(token))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(token);

    const pending = await team(owner);
    expect(pending.invitations).toEqual([expect.objectContaining({ email: invitee.account.email, role: 'door' })]);
    expect(pending.members).toEqual([
      expect.objectContaining({ userId: owner.authId, role: 'owner', email: owner.account.email, firstName: 'Ada' }),
    ]);

    const described = await call('GET', `/invitations/${token}`);
    expect(described.statusCode).toBe(200);
    expect(described.json().data).toMatchObject({
      organizationId: owner.organizationId,
      organizationName: 'Quayside Sounds',
      email: invitee.account.email,
      role: 'door',
      status: 'pending',
      expired: false,
    });

    const accepted = await call('POST', `/invitations/${token}/accept`, invitee.bearer);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      message: 'Welcome to Quayside Sounds.',
      data: { organizationId: owner.organizationId, organizationName: 'Quayside Sounds', role: 'door' },
    });
    const user = (await call('GET', `/users/${invitee.authId}`, invitee.bearer)).json().data;
    expect(user).toMatchObject({ organizationId: owner.organizationId, organizationRole: 'door' });
    expect(user.platforms).toContain('organiser');

    const joined = await team(owner);
    expect(joined.invitations).toEqual([]);
    expect(joined.members.map((entry: { email: string; role: string }) => [entry.email, entry.role])).toEqual([
      [owner.account.email, 'owner'],
      [invitee.account.email, 'door'],
    ]);
    expect(Number.isNaN(Date.parse(joined.members[1].joinedAt))).toBe(false);
    expect((await call('GET', `/invitations/${token}`)).json().data.status).toBe('accepted');
  });

  it('works once: accepting again says the link was used', async () => {
    const owner = await organiser();
    const invitee = await person();
    const { token } = await invite(owner, invitee.account.email, 'finance');
    expect((await call('POST', `/invitations/${token}/accept`, invitee.bearer)).statusCode).toBe(200);
    const again = await call('POST', `/invitations/${token}/accept`, invitee.bearer);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This invitation has already been used. Each invitation link works once.');
  });

  it('is accepted only by the invited address, and needs a sign-in', async () => {
    const owner = await organiser();
    const invitee = await person();
    const stranger = await person();
    const { token } = await invite(owner, invitee.account.email, 'manager');
    const wrong = await call('POST', `/invitations/${token}/accept`, stranger.bearer);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain(`This invitation is for ${invitee.account.email}`);
    expect((await call('POST', `/invitations/${token}/accept`)).statusCode).toBe(401);
    expect((await call('GET', `/users/${stranger.authId}`, stranger.bearer)).json().data.organizationId).toBeNull();
    // Still open for the right person.
    expect((await call('POST', `/invitations/${token}/accept`, invitee.bearer)).statusCode).toBe(200);
  });

  it('expires after 7 days', async () => {
    const owner = await organiser();
    const invitee = await person();
    const { invitation, token } = await invite(owner, invitee.account.email, 'door');
    await api.database.db
      .updateTable('organization_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', invitation.id)
      .execute();
    expect((await call('GET', `/invitations/${token}`)).json().data).toMatchObject({ status: 'expired', expired: true });
    const late = await call('POST', `/invitations/${token}/accept`, invitee.bearer);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This invitation has expired. Ask Dockside Promotions to send you a new one.');
    expect((await team(owner)).invitations).toEqual([expect.objectContaining({ id: invitation.id, expired: true })]);
  });

  it('sent again to the same address with the same role replaces the earlier link', async () => {
    const owner = await organiser();
    const invitee = await person();
    const first = await invite(owner, invitee.account.email, 'finance');
    const second = await invite(owner, invitee.account.email, 'finance');
    expect(second.token).not.toBe(first.token);
    expect((await team(owner)).invitations).toEqual([expect.objectContaining({ id: second.invitation.id, role: 'finance' })]);
    const old = await call('POST', `/invitations/${first.token}/accept`, invitee.bearer);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe('Dockside Promotions withdrew this invitation.');
    const accepted = await call('POST', `/invitations/${second.token}/accept`, invitee.bearer);
    expect(accepted.json().data.role).toBe('finance');
  });

  it('refuses a pending invitation’s address with another role, naming the role it has, and keeps that invitation', async () => {
    const owner = await organiser();
    const invitee = await person();
    const first = await invite(owner, invitee.account.email, 'manager');
    const other = await call('POST', `/organizations/${owner.organizationId}/invitations`, owner.bearer, {
      email: invitee.account.email,
      role: 'door',
    });
    expect(other.statusCode).toBe(409);
    const message = `${invitee.account.email} already has an invitation as Manager. Send it again from the list, or withdraw it first.`;
    expect(other.json().message).toBe(message);
    expect(other.json().errors).toEqual([{ path: 'body.email', message }]);
    expect((await team(owner)).invitations).toEqual([expect.objectContaining({ id: first.invitation.id, role: 'manager' })]);
    const accepted = await call('POST', `/invitations/${first.token}/accept`, invitee.bearer);
    expect(accepted.json().data.role).toBe('manager');
  });

  it('replaces an expired invitation with one of another role', async () => {
    const owner = await organiser();
    const invitee = await person();
    const first = await invite(owner, invitee.account.email, 'manager');
    await api.database.db
      .updateTable('organization_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', first.invitation.id)
      .execute();
    const second = await invite(owner, invitee.account.email, 'door');
    expect((await team(owner)).invitations).toEqual([expect.objectContaining({ id: second.invitation.id, role: 'door' })]);
  });

  it('withdrawn, stops working; withdrawing twice or an accepted one is refused', async () => {
    const owner = await organiser();
    const invitee = await person();
    const { invitation, token } = await invite(owner, invitee.account.email, 'door');
    const url = `/organizations/${owner.organizationId}/invitations/${invitation.id}`;
    expect((await call('DELETE', url, owner.bearer)).statusCode).toBe(200);
    expect((await team(owner)).invitations).toEqual([]);
    expect((await call('GET', `/invitations/${token}`)).json().data.status).toBe('revoked');
    expect((await call('POST', `/invitations/${token}/accept`, invitee.bearer)).statusCode).toBe(409);
    expect((await call('DELETE', url, owner.bearer)).statusCode).toBe(404);

    const other = await person();
    const used = await invite(owner, other.account.email, 'door');
    await call('POST', `/invitations/${used.token}/accept`, other.bearer);
    const late = await call('DELETE', `/organizations/${owner.organizationId}/invitations/${used.invitation.id}`, owner.bearer);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('That invitation has already been accepted. Remove the member instead.');
  });

  it('refuses someone already in the team, and an account that belongs to another organisation', async () => {
    const owner = await organiser();
    const response = await call('POST', `/organizations/${owner.organizationId}/invitations`, owner.bearer, {
      email: owner.account.email,
      role: 'door',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([{ path: 'body.email', message: 'This person is already in the team.' }]);

    const rival = await organiser('Rival Nights');
    const { token } = await invite(owner, rival.account.email, 'manager');
    const refused = await call('POST', `/invitations/${token}/accept`, rival.bearer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('an account can belong to one organisation only');
    expect((await call('GET', `/users/${rival.authId}`, rival.bearer)).json().data.organizationId).toBe(rival.organizationId);
  });

  it('keeps a team to its maximum size, counting open invitations', async () => {
    const owner = await organiser();
    const filler = Array.from({ length: maxTeamSize - 1 }, (_, index) => ({
      organization_id: owner.organizationId,
      email: `filler.${index}@example.test`,
      role: 'door' as const,
      token_hash: `filler-${owner.organizationId}-${index}`,
      invited_by: owner.authId,
      expires_at: new Date(Date.now() + 3600_000),
    }));
    await api.database.db.insertInto('organization_invitations').values(filler).execute();
    const full = await call('POST', `/organizations/${owner.organizationId}/invitations`, owner.bearer, {
      email: 'one.more@example.test',
      role: 'door',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(`A team can have at most ${maxTeamSize} people, counting open invitations.`);
  });
});

describe('roles', () => {
  it('only owners grant, change or remove the owner role', async () => {
    const owner = await organiser();
    const manager = await member(owner, 'manager');
    const door = await member(owner, 'door');
    const base = `/organizations/${owner.organizationId}`;

    const inviteOwner = await call('POST', `${base}/invitations`, manager.bearer, { email: 'boss@example.test', role: 'owner' });
    expect(inviteOwner.statusCode).toBe(403);
    expect(inviteOwner.json().message).toBe('Only owners can invite another owner.');
    const promote = await call('PATCH', `${base}/members/${door.authId}`, manager.bearer, { role: 'owner' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe('Only owners can make someone an owner.');
    const demote = await call('PATCH', `${base}/members/${owner.authId}`, manager.bearer, { role: 'door' });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().message).toBe('Only owners can change an owner’s role.');
    const remove = await call('DELETE', `${base}/members/${owner.authId}`, manager.bearer);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe('Only owners can remove an owner.');

    // Owners may, and an owner invitation from an owner withdrawn by a manager is refused.
    const ownerInvite = await invite(owner, 'co.owner@example.test', 'owner');
    const withdraw = await call('DELETE', `${base}/invitations/${ownerInvite.invitation.id}`, manager.bearer);
    expect(withdraw.statusCode).toBe(403);
    expect(withdraw.json().message).toBe('Only owners can withdraw an invitation to become an owner.');
    const made = await call('PATCH', `${base}/members/${manager.authId}`, owner.bearer, { role: 'owner' });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ message: 'Ada Lovelace is now an owner.', data: { role: 'owner' } });
    expect(await ownerCount(owner.organizationId)).toBe(2);
  });

  it('let managers manage the other roles', async () => {
    const owner = await organiser();
    const manager = await member(owner, 'manager');
    const door = await member(owner, 'door');
    const base = `/organizations/${owner.organizationId}`;
    const changed = await call('PATCH', `${base}/members/${door.authId}`, manager.bearer, { role: 'finance' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ userId: door.authId, role: 'finance' });
    const invited = await call('POST', `${base}/invitations`, manager.bearer, { email: 'usher@example.test', role: 'door' });
    expect(invited.statusCode).toBe(201);
    expect((await call('DELETE', `${base}/invitations/${invited.json().data.id}`, manager.bearer)).statusCode).toBe(200);
    expect((await call('DELETE', `${base}/members/${door.authId}`, manager.bearer)).statusCode).toBe(200);
    expect((await team(owner)).members.map((entry: { userId: string }) => entry.userId)).toEqual([owner.authId, manager.authId]);
    expect((await call('GET', `/users/${door.authId}`, door.bearer)).json().data.organizationId).toBeNull();
  });

  it('never let a member change their own role or remove themselves', async () => {
    const owner = await organiser();
    const manager = await member(owner, 'manager');
    const base = `/organizations/${owner.organizationId}`;
    const own = await call('PATCH', `${base}/members/${owner.authId}`, owner.bearer, { role: 'manager' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You cannot change your own role. Ask another owner to do it.');
    const ownManager = await call('PATCH', `${base}/members/${manager.authId}`, manager.bearer, { role: 'owner' });
    expect(ownManager.statusCode).toBe(403);
    const leave = await call('DELETE', `${base}/members/${owner.authId}`, owner.bearer);
    expect(leave.statusCode).toBe(403);
    expect(leave.json().message).toBe('You cannot remove yourself from the team. Ask another owner to do it.');
    expect(await ownerCount(owner.organizationId)).toBe(1);
  });

  it('always leave the organisation an owner, even when two owners demote each other at once', async () => {
    const owner = await organiser();
    const second = await member(owner, 'owner');
    const base = `/organizations/${owner.organizationId}`;
    const results = await Promise.all([
      call('PATCH', `${base}/members/${second.authId}`, owner.bearer, { role: 'manager' }),
      call('PATCH', `${base}/members/${owner.authId}`, second.bearer, { role: 'manager' }),
    ]);
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    expect(await ownerCount(owner.organizationId)).toBe(1);

    const again = await Promise.all([
      call('DELETE', `${base}/members/${second.authId}`, owner.bearer),
      call('DELETE', `${base}/members/${owner.authId}`, second.bearer),
    ]);
    expect(await ownerCount(owner.organizationId)).toBe(1);
    expect(again.filter((result) => result.statusCode === 200).length).toBeLessThanOrEqual(1);
  });

  it('answer 404 for someone who is not in the team', async () => {
    const owner = await organiser();
    const stranger = await person();
    const base = `/organizations/${owner.organizationId}`;
    const change = await call('PATCH', `${base}/members/${stranger.authId}`, owner.bearer, { role: 'door' });
    expect(change.statusCode).toBe(404);
    expect(change.json().message).toBe('That member was not found.');
    expect((await call('DELETE', `${base}/members/${stranger.authId}`, owner.bearer)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('DELETE', `${base}/invitations/${unknown}`, owner.bearer)).statusCode).toBe(404);
  });
});

describe('who may see and manage the team', () => {
  it('finance and door members get 403 on every team route', async () => {
    const owner = await organiser();
    const finance = await member(owner, 'finance');
    const door = await member(owner, 'door');
    const { invitation } = await invite(owner, 'pending@example.test', 'door');
    const base = `/organizations/${owner.organizationId}`;
    for (const caller of [finance, door]) {
      for (const [method, url, payload] of [
        ['GET', `${base}/members`],
        ['POST', `${base}/invitations`, { email: 'x@example.test', role: 'door' }],
        ['DELETE', `${base}/invitations/${invitation.id}`],
        ['PATCH', `${base}/members/${owner.authId}`, { role: 'door' }],
        ['DELETE', `${base}/members/${owner.authId}`],
      ] as const) {
        const response = await call(method, url, caller.bearer, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe('Only owners and managers can manage the team.');
        expect(response.body).not.toContain(owner.account.email);
      }
    }
  });

  it('another organisation’s owner gets 404 and no data', async () => {
    const owner = await organiser();
    const door = await member(owner, 'door');
    const { invitation } = await invite(owner, 'pending@example.test', 'door');
    const rival = await organiser('Rival Nights');
    const base = `/organizations/${owner.organizationId}`;
    for (const [method, url, payload] of [
      ['GET', `${base}/members`],
      ['POST', `${base}/invitations`, { email: 'spy@example.test', role: 'owner' }],
      ['DELETE', `${base}/invitations/${invitation.id}`],
      ['PATCH', `${base}/members/${door.authId}`, { role: 'manager' }],
      ['DELETE', `${base}/members/${door.authId}`],
    ] as const) {
      const response = await call(method, url, rival.bearer, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain(door.account.email);
      expect(response.body).not.toContain('pending@example.test');
    }
    // A rival's invitation id does not work through the rival's own organisation either.
    const crossed = await call('DELETE', `/organizations/${rival.organizationId}/invitations/${invitation.id}`, rival.bearer);
    expect(crossed.statusCode).toBe(404);
    const crossedMember = await call('DELETE', `/organizations/${rival.organizationId}/members/${door.authId}`, rival.bearer);
    expect(crossedMember.statusCode).toBe(404);
    expect((await team(owner)).members).toHaveLength(2);
    expect((await team(owner)).invitations).toHaveLength(1);
  });

  it('needs a sign-in on every team route', async () => {
    const owner = await organiser();
    const base = `/organizations/${owner.organizationId}`;
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of [
      ['GET', `${base}/members`],
      ['POST', `${base}/invitations`, { email: 'x@example.test', role: 'door' }],
      ['DELETE', `${base}/invitations/${id}`],
      ['PATCH', `${base}/members/${id}`, { role: 'door' }],
      ['DELETE', `${base}/members/${id}`],
      ['POST', `/invitations/${'a'.repeat(43)}/accept`],
    ] as const) {
      expect((await call(method, url, {}, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('bad input', () => {
  it('is refused with field errors on every route, and changes nothing', async () => {
    const owner = await organiser();
    const door = await member(owner, 'door');
    const base = `/organizations/${owner.organizationId}`;
    const cases: Array<[Method, string, object | undefined, string[]]> = [
      ['GET', '/organizations/not-an-id/members', undefined, ['params.organizationId']],
      ['POST', '/organizations/not-an-id/invitations', { email: 'a@example.test', role: 'door' }, ['params.organizationId']],
      ['POST', `${base}/invitations`, { email: 'not an email', role: 'door' }, ['body.email']],
      ['POST', `${base}/invitations`, { email: 'a@example.test', role: 'admin' }, ['body.role']],
      ['POST', `${base}/invitations`, { email: `${'a'.repeat(250)}@example.test`, role: 'door' }, ['body.email']],
      ['POST', `${base}/invitations`, {}, ['body.email', 'body.role']],
      ['DELETE', `${base}/invitations/42`, undefined, ['params.invitationId']],
      ['PATCH', `${base}/members/${door.authId}`, { role: 'boss' }, ['body.role']],
      ['PATCH', `${base}/members/${door.authId}`, {}, ['body.role']],
      ['PATCH', `${base}/members/nobody`, { role: 'door' }, ['params.userId']],
      ['DELETE', `${base}/members/nobody`, undefined, ['params.userId']],
      ['GET', '/invitations/short', undefined, ['params.token']],
      ['GET', `/invitations/${'%3Cscript%3E'.repeat(4)}`, undefined, ['params.token']],
      ['POST', '/invitations/short/accept', undefined, ['params.token']],
    ];
    for (const [method, url, payload, paths] of cases) {
      const response = await call(method, url, owner.bearer, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(
        response
          .json()
          .errors.map((error: { path: string }) => error.path)
          .sort(),
        `${method} ${url}`,
      ).toEqual(paths);
    }
    const invalidPatch = await call('PATCH', `${base}/members/${door.authId}`, owner.bearer);
    expect(invalidPatch.statusCode).toBe(400);
    const current = await team(owner);
    expect(current.invitations).toEqual([]);
    expect(current.members.find((entry: { userId: string }) => entry.userId === door.authId).role).toBe('door');
  });

  it('an unknown but well-formed link is 404', async () => {
    const someone = await person();
    const unknown = 'x'.repeat(43);
    const described = await call('GET', `/invitations/${unknown}`);
    expect(described.statusCode).toBe(404);
    expect(described.json().message).toBe('That invitation was not found.');
    expect((await call('POST', `/invitations/${unknown}/accept`, someone.bearer)).statusCode).toBe(404);
  });

  it('escapes the organisation’s name in the invitation mail', async () => {
    const owner = await organiser('<b>Loud</b> & "Proud"');
    await invite(owner, 'escape@example.test', 'door');
    const mail = await api.database.db
      .selectFrom('mail_outbox')
      .select(['html_body', 'subject'])
      .where('to_address', '=', 'escape@example.test')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Join <b>Loud</b> & "Proud" on Admit');
    expect(mail.html_body).toContain('&lt;b&gt;Loud&lt;/b&gt; &amp; &quot;Proud&quot;');
    expect(mail.html_body).not.toContain('<b>Loud</b>');
  });
});

describe('door staff', () => {
  it('get 403 on every organiser API but reading their events', async () => {
    const owner = await organiser();
    const door = await member(owner, 'door');
    const created = await call('POST', '/events', owner.bearer, eventBody(owner.organizationId));
    const eventId = created.json().data.id as string;
    const base = `/organizations/${owner.organizationId}`;
    const refused: Array<[Method, string, object | undefined]> = [
      ['POST', '/events', eventBody(owner.organizationId)],
      ['PATCH', `/events/${eventId}`, { title: 'Door takes over' }],
      ['POST', `/events/${eventId}/publish`, undefined],
      ['POST', `/events/${eventId}/unpublish`, undefined],
      ['POST', `/events/${eventId}/cancel`, undefined],
      ['PATCH', base, { name: 'Door Org' }],
      ['GET', `${base}/members`, undefined],
      ['POST', `${base}/invitations`, { email: 'x@example.test', role: 'door' }],
    ];
    for (const [method, url, payload] of refused) {
      const response = await call(method, url, door.bearer, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message, `${method} ${url}`).toMatch(/^Only /);
    }
    const event = (await call('GET', `/events/${eventId}`, owner.bearer)).json().data;
    expect(event).toMatchObject({ title: 'Late Night Jazz at the Docks', status: 'draft' });
    expect((await call('GET', `/organizations/${owner.organizationId}`)).json().data.name).toBe('Dockside Promotions');

    // What they may use: their organisation's events, drafts included.
    const events = await call('GET', `${base}/events`, door.bearer);
    expect(events.statusCode).toBe(200);
    expect(events.json().data.items.map((item: { id: string }) => item.id)).toContain(eventId);
    expect((await call('GET', `/events/${eventId}`, door.bearer)).statusCode).toBe(200);
  });

  it('get 403 on every other organisation read route the API has', async () => {
    const owner = await organiser();
    const door = await member(owner, 'door');
    const document = (await call('GET', '/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    // Routes door staff may use: their events, and whatever the door itself needs (scan data).
    const allowed = [/^\/api\/organizations\/\{organizationId\}\/events$/, /checkin|scan|ticket-keys/];
    const reads = Object.entries(document.paths)
      .filter(([path, methods]) => path.startsWith('/api/organizations/{organizationId}/') && 'get' in methods)
      .map(([path]) => path)
      .filter((path) => !allowed.some((pattern) => pattern.test(path)) && !/\{(?!organizationId)/.test(path));
    expect(reads).toContain('/api/organizations/{organizationId}/members');
    for (const path of reads) {
      const url = path.replace(/^\/api/, '').replace('{organizationId}', owner.organizationId);
      expect((await call('GET', url, door.bearer)).statusCode, url).toBe(403);
    }
  });
});

describe('demo data', () => {
  it('has a door member and a pending invitation in each organisation', async () => {
    // Its own database: demo data is seeded into an empty one.
    const demo = await createTestApi();
    const { seedDemoData } = await import('../../server/cli/seed.ts');
    const accounts = await seedDemoData(demo.database.db, demo.config.dataDir);
    const demoCall = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
      demo.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
    const password = accounts[0]?.password;
    for (const [owner, door] of [
      ['maya@northernlights.demo', 'door@northernlights.demo'],
      ['sam@harbourarts.demo', 'door@harbourarts.demo'],
    ]) {
      const signIn = async (email: string | undefined) =>
        (await demoCall('POST', '/auth/signIn', {}, { email, password })).json().data as {
          accessToken: string;
          user: { organizationId: string; organizationRole: string };
        };
      const ownerSession = await signIn(owner);
      const doorSession = await signIn(door);
      expect(doorSession.user).toMatchObject({ organizationId: ownerSession.user.organizationId, organizationRole: 'door' });
      const seeded = (
        await demoCall('GET', `/organizations/${ownerSession.user.organizationId}/members`, {
          authorization: `Bearer ${ownerSession.accessToken}`,
        })
      ).json().data;
      expect(seeded.members.map((entry: { email: string; role: string }) => [entry.email, entry.role])).toEqual([
        [owner, 'owner'],
        [door, 'door'],
      ]);
      expect(seeded.invitations).toHaveLength(1);
    }
    await seedDemoData(demo.database.db, demo.config.dataDir);
    const invitations = await demo.database.db
      .selectFrom('organization_invitations')
      .select('email')
      .where('email', 'like', '%.demo')
      .execute();
    expect(invitations).toHaveLength(2);
    await demo.close();
  });
});
