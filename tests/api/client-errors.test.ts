import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedReport } from '../../server/features/client-errors/client-errors.service.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const report = {
  kind: 'unhandledrejection',
  name: 'TypeError',
  message: "Cannot read properties of undefined (reading 'id')",
  page: '/account/bookings',
  stack: 'TypeError: Cannot read properties of undefined\n    at onClick (https://admit.test/assets/booking-card-x1.js:1:200)',
  fatal: false,
};
let address = 0;
const send = (payload: unknown, remoteAddress = `10.50.0.${++address}`) =>
  api.app.inject({ method: 'POST', url: '/api/client-errors', payload: payload as object, remoteAddress });

describe('errors reported by the browser', () => {
  it('are accepted from anyone with 202 and the envelope', async () => {
    const answer = await send(report);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({
      httpStatus: 'ACCEPTED',
      message: 'Thank you: the error was noted.',
      data: { received: true },
    });
  });

  it('refuse a page with its query or fragment, oversized text and missing fields with 400', async () => {
    for (const bad of [
      { ...report, page: '/verify-email?code=123456' },
      { ...report, page: '/payment/order-success#token' },
      { ...report, page: 'https://evil.example/' },
      { ...report, message: 'x'.repeat(301) },
      { ...report, stack: 'x'.repeat(1201) },
      { ...report, name: '' },
      { ...report, kind: 'console' },
      { name: 'Error' },
    ]) {
      const answer = await send(bad);
      expect(answer.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(answer.json().httpStatus).toBe('BAD_REQUEST');
    }
  });

  it('are limited per network address, so a page stuck in a loop stops being logged', async () => {
    const flooding = '10.51.0.1';
    for (let index = 0; index < 30; index += 1) expect((await send(report, flooding)).statusCode).toBe(202);
    const refused = await send(report, flooding);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many error reports\. Please wait \d+ minutes? and try again\.$/);
    expect((await send(report, '10.51.0.2')).statusCode).toBe(202);
  });

  it('reach the log as name, message, path and a short stack, without tokens or query strings', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl';
    const logged = loggedReport({
      kind: 'error',
      fatal: true,
      name: 'Error',
      message: `Request to https://admit.test/api/orders/1?token=${token} failed`,
      page: '/payment/order-success',
      stack: [
        'Error: failed',
        `    at load (https://admit.test/assets/a.js?v=${token}:1:2)`,
        ...Array.from({ length: 20 }, (_, index) => `    at frame${index} (https://admit.test/assets/b.js:1:${index})`),
      ].join('\n'),
    });
    expect(logged.message).toBe('Request to https://admit.test/api/orders/1 failed');
    expect(logged.page).toBe('/payment/order-success');
    expect(logged.stack?.split('\n')).toHaveLength(6);
    expect(JSON.stringify(logged)).not.toContain('eyJ');
    expect(JSON.stringify(logged)).not.toContain('token=');
  });
});
