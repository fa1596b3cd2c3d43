import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanDataTicketRows } from '../../src/contract/scan-data.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { groupInDb } from '../fixtures/admin.ts';
import {
  eventOnSale,
  heldOrder,
  lineAddress,
  type OrderView,
  orderBody,
  paySandbox,
  placeOrder,
  ticketTypes,
} from '../fixtures/orders.ts';
import { teamMember } from '../fixtures/team.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
const db = () => api.database.db;
beforeAll(async () => {
  api = await createTestApi();
}, 60_000);
afterAll(() => api.close());

type Sale = Awaited<ReturnType<typeof eventOnSale>>;
type Bearer = Record<string, string>;
interface Answer {
  questionId: string;
  position: number | null;
  label: string;
  kind: string;
  value: unknown;
  text: string;
}
type AnsweredOrder = OrderView & { answers: Answer[]; answersEditableUntil: string | null };

const questionsUrl = (eventId: string) => `/api/events/${eventId}/questions`;
const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, bearer: Bearer, payload?: object) =>
  app.inject({ method, url, headers: bearer, ...(payload ? { payload } : {}) });

async function newQuestion(sale: Sale, body: Record<string, unknown>): Promise<{ id: string }> {
  const created = await call(api.app, 'POST', questionsUrl(sale.event.id), sale.organiser.bearer, body);
  if (created.statusCode !== 201) throw new Error(`question not created: ${created.body}`);
  return created.json().data;
}

let lines = 9000;
/** A guest's paid order of the sale's first type (Standard) with these answers. */
async function paidOrder(sale: Sale, quantity: number, answers: object[]): Promise<AnsweredOrder> {
  const type = sale.types[0]?.id as string;
  lines += 1;
  const order = await heldOrder(
    api.app,
    { ...orderBody(sale.event.id, [{ ticketTypeId: type, quantity }]), answers },
    {},
    lineAddress(lines),
  );
  expect((await paySandbox(api.app, order)).statusCode).toBe(200);
  return { ...order, ...(await readOrder(order)) };
}

async function readOrder(order: { id: string; accessToken?: string }): Promise<AnsweredOrder> {
  const read = await api.app.inject({ method: 'GET', url: `/api/orders/${order.id}?token=${order.accessToken ?? ''}` });
  return { ...(read.json().data as AnsweredOrder), accessToken: order.accessToken };
}

const editAnswers = (order: { id: string; accessToken?: string }, answers: object[], bearer: Bearer = {}) =>
  api.app.inject({
    method: 'PUT',
    url: `/api/orders/${order.id}/answers${order.accessToken ? `?token=${order.accessToken}` : ''}`,
    headers: bearer,
    payload: { answers },
  });

const setDeadline = (sale: Sale, at: Date | null) =>
  call(api.app, 'PUT', `/api/events/${sale.event.id}/question-settings`, sale.organiser.bearer, {
    answersEditableUntil: at ? at.toISOString() : null,
  });

describe('an organiser’s questions', () => {
  it('are added, listed, changed, reordered and removed by the event’s editors, each change in the audit log', async () => {
    const sale = await eventOnSale(api.app, db());
    const bad = await call(api.app, 'POST', questionsUrl(sale.event.id), sale.organiser.bearer, {
      label: 'Meal',
      kind: 'one_choice',
      scope: 'attendee',
      options: ['Fish'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'body.options', message: 'Give at least two options to choose from.' }]);
    const twice = await call(api.app, 'POST', questionsUrl(sale.event.id), sale.organiser.bearer, {
      label: 'Meal',
      kind: 'many_choices',
      scope: 'attendee',
      options: ['Fish', 'fish'],
    });
    expect(twice.json().errors[0]).toMatchObject({ path: 'body.options.1', message: '“fish” is offered twice.' });
    const otherTypes = await call(api.app, 'POST', questionsUrl(sale.event.id), sale.organiser.bearer, {
      label: 'Company',
      kind: 'short_text',
      scope: 'order',
      ticketTypeIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(otherTypes.statusCode).toBe(400);
    expect(otherTypes.json().errors[0].path).toBe('body.ticketTypeIds');
    const blank = await call(api.app, 'POST', questionsUrl(sale.event.id), sale.organiser.bearer, {
      kind: 'date',
      scope: 'order',
    });
    expect(blank.statusCode).toBe(400);

    const company = await newQuestion(sale, { label: 'Company', kind: 'short_text', scope: 'order', help: 'For the badge' });
    const meal = await newQuestion(sale, {
      label: 'Meal',
      kind: 'one_choice',
      scope: 'attendee',
      required: true,
      options: ['Fish', 'Vegetarian'],
      ticketTypeIds: [sale.types[0]?.id],
    });
    const listed = await call(api.app, 'GET', questionsUrl(sale.event.id), sale.organiser.bearer);
    expect(listed.json().data).toMatchObject({
      questions: [
        { id: company.id, position: 0, answers: 0, help: 'For the badge' },
        { id: meal.id, position: 1, required: true },
      ],
      settings: { answersEditableUntil: null },
    });

    const changed = await call(api.app, 'PUT', `${questionsUrl(sale.event.id)}/${company.id}`, sale.organiser.bearer, {
      label: 'Company or school',
      kind: 'short_text',
      scope: 'order',
      showAtDoor: true,
    });
    expect(changed.json().data).toMatchObject({ label: 'Company or school', showAtDoor: true });
    const wrongOrder = await call(api.app, 'PUT', `/api/events/${sale.event.id}/questions-order`, sale.organiser.bearer, {
      questionIds: [meal.id],
    });
    expect(wrongOrder.statusCode).toBe(400);
    const reordered = await call(api.app, 'PUT', `/api/events/${sale.event.id}/questions-order`, sale.organiser.bearer, {
      questionIds: [meal.id, company.id],
    });
    expect(reordered.json().data.questions.map((q: { id: string }) => q.id)).toEqual([meal.id, company.id]);

    const asked = await api.app.inject({ method: 'GET', url: `/api/events/${sale.event.id}/checkout-questions` });
    expect(asked.json().data.questions.map((q: { label: string }) => q.label)).toEqual(['Meal', 'Company or school']);
    expect(asked.json().data.questions[0]).not.toHaveProperty('showAtDoor');

    const removed = await call(api.app, 'DELETE', `${questionsUrl(sale.event.id)}/${company.id}`, sale.organiser.bearer);
    expect(removed.json().data).toEqual({ archived: false });
    const audit = await db().selectFrom('audit_log').select('action').where('subject_id', '=', company.id).execute();
    expect(audit.map((row) => row.action).sort()).toEqual([
      'event_question.changed',
      'event_question.created',
      'event_question.deleted',
    ]);
  });

  it('are kept by owners and managers only: finance and door staff are refused, another organisation finds no event', async () => {
    const sale = await eventOnSale(api.app, db());
    const body = { label: 'Company', kind: 'short_text', scope: 'order' };
    const manager = await teamMember(api.app, db(), sale.organiser, 'manager');
    expect((await call(api.app, 'POST', questionsUrl(sale.event.id), manager.bearer, body)).statusCode).toBe(201);
    for (const role of ['finance', 'door'] as const) {
      const member = await teamMember(api.app, db(), sale.organiser, role);
      expect((await call(api.app, 'POST', questionsUrl(sale.event.id), member.bearer, body)).statusCode).toBe(403);
      expect((await call(api.app, 'GET', questionsUrl(sale.event.id), member.bearer)).statusCode).toBe(403);
    }
    const other = await eventOnSale(api.app, db());
    expect((await call(api.app, 'GET', questionsUrl(sale.event.id), other.organiser.bearer)).statusCode).toBe(404);
    expect((await call(api.app, 'POST', questionsUrl(sale.event.id), other.organiser.bearer, body)).statusCode).toBe(404);
  });

  it('are not shown for a draft, except to its organisation', async () => {
    const sale = await eventOnSale(api.app, db());
    await db().updateTable('events').set({ status: 'draft' }).where('id', '=', sale.event.id).execute();
    const url = `/api/events/${sale.event.id}/checkout-questions`;
    expect((await api.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await call(api.app, 'GET', url, sale.organiser.bearer)).statusCode).toBe(200);
    expect(
      (await api.app.inject({ method: 'GET', url: '/api/events/00000000-0000-4000-8000-000000000000/checkout-questions' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('answers at checkout', () => {
  it('refuse an order missing a ticket’s required answer before holding anything, and keep each ticket’s by position', async () => {
    const sale = await eventOnSale(api.app, db());
    const meal = await newQuestion(sale, {
      label: 'Meal',
      kind: 'one_choice',
      scope: 'attendee',
      required: true,
      options: ['Fish', 'Vegetarian'],
    });
    const type = sale.types[0]?.id as string;
    const before = (await ticketTypes(api.app, sale.event.id))[0]?.available;
    const answers = [
      { questionId: meal.id, position: 0, value: 'Fish' },
      { questionId: meal.id, position: 1, value: 'Vegetarian' },
    ];
    const refused = await placeOrder(api.app, { ...orderBody(sale.event.id, [{ ticketTypeId: type, quantity: 3 }]), answers });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ path: `body.answers.${meal.id}@2`, message: 'Answer this question.' }]);
    expect((await ticketTypes(api.app, sale.event.id))[0]?.available).toBe(before);
    expect(await db().selectFrom('orders').select('id').where('event_id', '=', sale.event.id).execute()).toEqual([]);

    const order = await paidOrder(sale, 3, [...answers, { questionId: meal.id, position: 2, value: 'Fish' }]);
    expect(order.answers.map((answer) => [answer.position, answer.text])).toEqual([
      [0, 'Fish'],
      [1, 'Vegetarian'],
      [2, 'Fish'],
    ]);
    const positions = await db()
      .selectFrom('tickets')
      .select('position')
      .where('order_id', '=', order.id)
      .orderBy('position')
      .execute();
    expect(positions.map((row) => row.position)).toEqual([0, 1, 2]);
  });

  it('are asked as the organiser has them now: a question made required after an order is not skipped by the next', async () => {
    const sale = await eventOnSale(api.app, db());
    const type = sale.types[0]?.id as string;
    // The first order leaves the event's sale context kept on this instance, with no questions in it.
    lines += 1;
    const first = await placeOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: type, quantity: 1 }]), {
      remoteAddress: lineAddress(lines),
    });
    expect(first.statusCode).toBe(201);
    const company = await newQuestion(sale, { label: 'Company', kind: 'short_text', scope: 'order', required: true });
    lines += 1;
    const skipped = await placeOrder(api.app, orderBody(sale.event.id, [{ ticketTypeId: type, quantity: 1 }]), {
      remoteAddress: lineAddress(lines),
    });
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json().errors).toEqual([{ path: `body.answers.${company.id}`, message: 'Answer this question.' }]);
  });

  it('place one order for a repeat with the same key and answers, and refuse the key with other answers', async () => {
    const sale = await eventOnSale(api.app, db());
    const type = sale.types[0]?.id as string;
    const company = await newQuestion(sale, { label: 'Company', kind: 'short_text', scope: 'order' });
    const body = {
      ...orderBody(sale.event.id, [{ ticketTypeId: type, quantity: 1 }]),
      answers: [{ questionId: company.id, position: null, value: 'Acme' }],
    };
    const key = randomUUID();
    lines += 1;
    const address = lineAddress(lines);
    const [first, again] = [
      await placeOrder(api.app, body, { key, remoteAddress: address }),
      await placeOrder(api.app, body, { key, remoteAddress: address }),
    ];
    expect(first.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await placeOrder(
      api.app,
      { ...body, answers: [{ questionId: company.id, position: null, value: 'Another Ltd' }] },
      { key, remoteAddress: address },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toContain('Idempotency-Key was already used for a different order');
    const kept = await db().selectFrom('order_answers').select('value').where('order_id', '=', first.json().data.id).execute();
    expect(kept.map((row) => row.value)).toEqual(['Acme']);
  });

  it('store every kind and show it in words', async () => {
    const sale = await eventOnSale(api.app, db());
    const kinds: [Record<string, unknown>, unknown, string][] = [
      [{ kind: 'short_text' }, '  Acme Ltd ', 'Acme Ltd'],
      [{ kind: 'long_text' }, 'Line one\nline two', 'Line one\nline two'],
      [{ kind: 'one_choice', options: ['S', 'M', 'L'] }, 'M', 'M'],
      [{ kind: 'many_choices', options: ['Vegan', 'Nut free', 'Halal'] }, ['Halal', 'Vegan'], 'Vegan, Halal'],
      [{ kind: 'yes_no', required: true }, true, 'Yes'],
      [{ kind: 'number' }, '42', '42'],
      [{ kind: 'date' }, '2001-03-31', '2001-03-31'],
      [{ kind: 'email' }, 'Grace@Example.com', 'grace@example.com'],
      [{ kind: 'phone' }, '+44 20 7946 0000', '+44 20 7946 0000'],
      [{ kind: 'country' }, 'gb', 'United Kingdom'],
    ];
    const ids: string[] = [];
    for (const [fields] of kinds)
      ids.push((await newQuestion(sale, { label: `A ${fields.kind}`, scope: 'order', ...fields })).id);
    const order = await paidOrder(
      sale,
      1,
      kinds.map(([, value], index) => ({ questionId: ids[index], value })),
    );
    expect(order.answers.map((answer) => answer.text)).toEqual(kinds.map(([, , text]) => text));
    expect(order.answers.find((answer) => answer.kind === 'number')?.value).toBe(42);
    expect(order.answers.every((answer) => answer.position === null)).toBe(true);
  });

  it('refuse a bad value, an unknown question and a repeated answer, each named', async () => {
    const sale = await eventOnSale(api.app, db());
    const email = await newQuestion(sale, { label: 'Work email', kind: 'email', scope: 'order' });
    const body = orderBody(sale.event.id, [{ ticketTypeId: sale.types[0]?.id as string, quantity: 1 }]);
    const wrong = await placeOrder(api.app, { ...body, answers: [{ questionId: email.id, value: 'not-an-email' }] });
    expect(wrong.json().errors).toEqual([
      { path: `body.answers.${email.id}`, message: 'Enter an email address, e.g. name@example.com.' },
    ]);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const refused = await placeOrder(api.app, {
      ...body,
      answers: [
        { questionId: unknown, value: 'x' },
        { questionId: email.id, value: 'a@b.co' },
        { questionId: email.id, value: 'a@b.co' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.map((error: { message: string }) => error.message)).toEqual([
      'That question is not asked for this order.',
      'That question is answered twice.',
    ]);
  });
});

describe('answers after the order', () => {
  it('keep the question as it was asked: renamed options still read, and the buyer’s corrections are checked against it', async () => {
    const sale = await eventOnSale(api.app, db());
    const fields = { label: 'T-shirt', kind: 'one_choice', scope: 'attendee', required: true, options: ['Small', 'Large'] };
    const shirt = await newQuestion(sale, fields);
    const order = await paidOrder(sale, 1, [{ questionId: shirt.id, position: 0, value: 'Small' }]);
    const renamed = await call(api.app, 'PUT', `${questionsUrl(sale.event.id)}/${shirt.id}`, sale.organiser.bearer, {
      ...fields,
      label: 'Shirt size',
      options: ['S', 'L'],
    });
    expect(renamed.json().data.answers).toBe(1);
    expect((await readOrder(order)).answers).toMatchObject([{ label: 'T-shirt', value: 'Small', text: 'Small' }]);

    expect((await setDeadline(sale, new Date(Date.now() + 86_400_000))).statusCode).toBe(200);
    const today = await editAnswers(order, [{ questionId: shirt.id, position: 0, value: 'L' }]);
    expect(today.statusCode).toBe(400);
    expect(today.json().errors[0]).toMatchObject({ path: `body.answers.${shirt.id}@0`, message: 'Choose one of the options.' });
    const asAsked = await editAnswers(order, [{ questionId: shirt.id, position: 0, value: 'Large' }]);
    expect(asAsked.statusCode).toBe(200);
    expect(asAsked.json().data.answers).toMatchObject([{ label: 'T-shirt', text: 'Large' }]);

    // Archived, it is asked no more, and its answers stay with the order.
    const removed = await call(api.app, 'DELETE', `${questionsUrl(sale.event.id)}/${shirt.id}`, sale.organiser.bearer);
    expect(removed.json().data).toEqual({ archived: true });
    const asked = await api.app.inject({ method: 'GET', url: `/api/events/${sale.event.id}/checkout-questions` });
    expect(asked.json().data.questions).toEqual([]);
    expect((await readOrder(order)).answers).toMatchObject([{ label: 'T-shirt', text: 'Large' }]);
    const listed = await call(api.app, 'GET', questionsUrl(sale.event.id), sale.organiser.bearer);
    expect(listed.json().data.questions).toEqual([]);
  });

  it('are corrected by the buyer only, until the deadline', async () => {
    const sale = await eventOnSale(api.app, db());
    const company = await newQuestion(sale, { label: 'Company', kind: 'short_text', scope: 'order' });
    const order = await paidOrder(sale, 1, [{ questionId: company.id, value: 'Acme' }]);
    expect(order.answersEditableUntil).toBeNull();
    const noDeadline = await editAnswers(order, [{ questionId: company.id, value: 'Globex' }]);
    expect(noDeadline.statusCode).toBe(409);
    expect(noDeadline.json().message).toBe('Answers to this event’s questions cannot be changed after booking.');

    await setDeadline(sale, new Date(Date.now() - 60_000));
    const late = await editAnswers(order, [{ questionId: company.id, value: 'Globex' }]);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^Answers to this event’s questions could be changed until .+\.$/);

    const until = new Date(Date.now() + 86_400_000);
    await setDeadline(sale, until);
    const someoneElse = await signedInAccount(api.app, db());
    const stranger = await editAnswers({ id: order.id }, [{ questionId: company.id, value: 'Globex' }], someoneElse.bearer);
    expect(stranger.statusCode).toBe(404);
    expect((await editAnswers({ id: order.id }, [])).statusCode).toBe(404);
    const saved = await editAnswers(order, [{ questionId: company.id, value: 'Globex' }]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ answers: [{ text: 'Globex' }], answersEditableUntil: until.toISOString() });
    const cleared = await editAnswers(order, []);
    expect(cleared.json().data.answers).toEqual([]);
    const audit = await db()
      .selectFrom('audit_log')
      .select('details')
      .where('subject_id', '=', order.id)
      .where('action', '=', 'order.answers_changed')
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('Globex');
  });

  it('show in the organiser’s and the administrator’s order detail', async () => {
    const sale = await eventOnSale(api.app, db());
    const company = await newQuestion(sale, { label: 'Company', kind: 'short_text', scope: 'order' });
    const order = await paidOrder(sale, 1, [{ questionId: company.id, value: 'Acme' }]);
    const organiser = await call(
      api.app,
      'GET',
      `/api/organizations/${sale.organiser.organizationId}/orders/${order.id}`,
      sale.organiser.bearer,
    );
    expect(organiser.json().data.answers).toMatchObject([{ label: 'Company', text: 'Acme' }]);
    const finance = await teamMember(api.app, db(), sale.organiser, 'finance');
    const byFinance = await call(
      api.app,
      'GET',
      `/api/organizations/${sale.organiser.organizationId}/orders/${order.id}`,
      finance.bearer,
    );
    expect(byFinance.json().data.answers).toHaveLength(1);

    const admin = await signedInAccount(api.app, db(), { firstName: 'Kit', lastName: 'Support' });
    await db().updateTable('users').set({ is_admin: true }).where('id', '=', admin.authId).execute();
    await db().deleteFrom('admin_group_members').where('user_id', '=', admin.authId).execute();
    await groupInDb(db(), ['payments.read'], [admin.authId]);
    const detail = await call(api.app, 'GET', `/api/admin/orders/${order.id}`, admin.bearer);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.answers).toMatchObject([{ label: 'Company', text: 'Acme' }]);
  });
});

describe('the attendee report', () => {
  it('has a column per question: a ticket’s answers on its row, its order’s on each of its rows, archived ones kept', async () => {
    const sale = await eventOnSale(api.app, db());
    const company = await newQuestion(sale, { label: 'Company', kind: 'short_text', scope: 'order' });
    const diet = await newQuestion(sale, { label: 'Diet', kind: 'many_choices', scope: 'attendee', options: ['Vegan', 'Halal'] });
    const unanswered = await newQuestion(sale, { label: 'Unasked', kind: 'date', scope: 'order' });
    await paidOrder(sale, 2, [
      { questionId: company.id, value: 'Acme' },
      { questionId: diet.id, position: 1, value: ['Halal', 'Vegan'] },
    ]);
    await call(api.app, 'DELETE', `${questionsUrl(sale.event.id)}/${unanswered.id}`, sale.organiser.bearer);
    await call(api.app, 'DELETE', `${questionsUrl(sale.event.id)}/${diet.id}`, sale.organiser.bearer);
    const day = new Date().toISOString().slice(0, 10);
    const response = await call(
      api.app,
      'GET',
      `/api/organizations/${sale.organiser.organizationId}/reports/attendees?eventId=${sale.event.id}&from=${day}&to=${day}`,
      sale.organiser.bearer,
    );
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.split('\r\n').filter(Boolean);
    expect(header).toMatch(/,Test,Company,Diet$/);
    // (A sandbox order is a TEST one.) The first ticket answered nothing; the order's answer shows on both rows.
    expect(rows.map((row) => row.split(',').slice(-3).join(','))).toEqual(['yes,Acme,', 'Acme,"Vegan, Halal"']);
  });
});

describe('the door list', () => {
  it('prints a show-at-door question’s answers for door staff, and the door’s search carries them, and no other question’s', async () => {
    const sale = await eventOnSale(api.app, db());
    const access = await newQuestion(sale, { label: 'Access needs', kind: 'short_text', scope: 'attendee', showAtDoor: true });
    const company = await newQuestion(sale, { label: 'Company', kind: 'short_text', scope: 'order' });
    await paidOrder(sale, 2, [
      { questionId: access.id, position: 1, value: 'Wheelchair' },
      { questionId: company.id, value: 'Acme' },
    ]);
    const door = await teamMember(api.app, db(), sale.organiser, 'door');
    const list = await call(api.app, 'GET', `/api/events/${sale.event.id}/door-list?question=${access.id}`, door.bearer);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.question).toEqual({ id: access.id, label: 'Access needs' });
    expect(
      list
        .json()
        .data.attendees.map((row: { answer: string }) => row.answer)
        .sort(),
    ).toEqual(['', 'Wheelchair']);
    const hidden = await call(api.app, 'GET', `/api/events/${sale.event.id}/door-list?question=${company.id}`, door.bearer);
    expect(hidden.statusCode).toBe(404);
    const plain = await call(api.app, 'GET', `/api/events/${sale.event.id}/door-list`, door.bearer);
    expect(plain.json().data.attendees[0]).not.toHaveProperty('answer');

    // The door's search: each ticket's answers shown at the door, its own and its order's, and no others.
    const scan = await call(api.app, 'GET', `/api/events/${sale.event.id}/scan-data`, door.bearer);
    expect(scan.statusCode).toBe(200);
    const rows = scanDataTicketRows(scan.json().data);
    expect(rows.map((row) => row.doorAnswers ?? null).sort()).toEqual(['Access needs: Wheelchair', null]);
  });
});
