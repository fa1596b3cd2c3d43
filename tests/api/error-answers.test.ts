import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLimits } from '../../server/lib/server-options.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({}, { ...requestLimits, bodyMs: 300 });
});
afterAll(() => api.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
const send = (method: Method, url: string, headers: Record<string, string> = {}, payload?: string | Readable) =>
  api.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

const someId = '5f0c3b52-1d0e-4a7b-9d53-8f1f1e2a0b11';

describe('an address the API cannot use', () => {
  it('with a broken percent-encoding answers 400 with the envelope', async () => {
    const response = await send('GET', '/api/events/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ httpStatus: 'BAD_REQUEST', message: 'That address is not valid.' });
  });

  it('outside the API answers a short HTML page instead', async () => {
    const response = await send('GET', '/events/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('That address is not valid.');
  });

  it('that is unknown and 10 KB long is named in at most about a hundred characters', async () => {
    const response = await send('GET', `/api/${'x'.repeat(10_000)}?page=1`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      httpStatus: 'NOT_FOUND',
      message: `There is no API route GET /api/${'x'.repeat(95)}….`,
    });
  });

  it('with an id far longer than any id answers 414 with the envelope', async () => {
    const response = await send('GET', `/api/events/${'a'.repeat(200)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ httpStatus: 'URI_TOO_LONG', message: 'Part of that address is too long.' });
  });
});

describe('a known address asked with another method', () => {
  it('answers 405 with the methods it takes, in the Allow header and the sentence', async () => {
    const cases: [Method, string, string][] = [
      ['DELETE', '/api/events', 'GET, HEAD, POST'],
      ['PUT', `/api/events/${someId}`, 'GET, HEAD, PATCH'],
      ['OPTIONS', '/api/health', 'GET, HEAD'],
      ['POST', '/api/uploads/file/covers/a.png', 'GET, HEAD'],
    ];
    for (const [method, url, allowed] of cases) {
      const response = await send(method, url);
      expect({ url, status: response.statusCode, allow: response.headers.allow }).toEqual({ url, status: 405, allow: allowed });
      expect(response.json()).toEqual({
        httpStatus: 'METHOD_NOT_ALLOWED',
        message: `${url} does not take ${method}; it takes ${allowed}.`,
      });
    }
  });

  it('unknown under a known prefix is still a 404', async () => {
    const response = await send('DELETE', `/api/events/${someId}/nothing-here`);
    expect(response.statusCode).toBe(404);
    expect(response.json().httpStatus).toBe('NOT_FOUND');
  });
});

describe('a body the API will not read', () => {
  it('too large answers 413 with the envelope', async () => {
    const response = await send('POST', '/api/auth/signIn', { 'content-type': 'application/json' }, `"${'x'.repeat(1_100_000)}"`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ httpStatus: 'PAYLOAD_TOO_LARGE', message: 'What was sent is too large.' });
  });

  it('of a type the API does not take answers 415 with the envelope', async () => {
    const response = await send('POST', '/api/auth/signIn', { 'content-type': 'application/xml' }, '<signIn/>');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ httpStatus: 'UNSUPPORTED_MEDIA_TYPE', message: 'That content type is not supported.' });
  });

  it('that never finishes arriving answers 408 with the envelope and closes the connection', async () => {
    const endless = new Readable({ read() {} });
    endless.push('{"email":"a');
    const started = Date.now();
    const response = await send('POST', '/api/auth/signIn', { 'content-type': 'application/json' }, endless);
    expect(response.statusCode).toBe(408);
    expect(response.headers.connection).toBe('close');
    expect(response.json()).toEqual({
      httpStatus: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive. Please try again.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
