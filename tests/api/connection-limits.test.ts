import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RequestLimits, requestLimits } from '../../server/lib/server-options.ts';
import { maxImageBytes } from '../../src/contract/uploads.ts';
import { signedInAccount } from '../fixtures/accounts.ts';
import { png1x1 } from '../fixtures/images.ts';
import { createTestApi, type TestApi } from '../fixtures/test-api.ts';

// The production limits, scaled down so each case takes a second or two: a body gets 300 ms plus its
// size at 2 MB/s, so the largest image (5,120,000 bytes) may take 2.86 s.
const limits: RequestLimits = { ...requestLimits, bodyMs: 300, minBytesPerSecond: 2_000_000, headersMs: 400, checkEveryMs: 50 };

let api: TestApi;
let port: number;
beforeAll(async () => {
  api = await createTestApi({}, limits);
  await api.app.listen({ port: 0, host: '127.0.0.1' });
  port = (api.app.server.address() as { port: number }).port;
});
afterAll(() => api.close());

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** When the server closed the connection, in ms from the first byte sent. */
  closedAfterMs: number;
}

/**
 * Opens a socket, writes `head` and then each chunk of `body` at its time (ms from the start), then
 * stops sending if asked, and reads until the server closes the connection.
 */
function rawRequest(
  head: string,
  body: { at: number; bytes: Buffer }[] = [],
  options: { endAfterBody?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const started = Date.now();
    const timers: NodeJS.Timeout[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      for (const timer of timers) clearTimeout(timer);
      const text = Buffer.concat(received).toString('utf8');
      const [headers = '', answer = ''] = text.split('\r\n\r\n', 2);
      resolve({ status: Number(headers.split(' ')[1]), headers, body: answer, closedAfterMs: Date.now() - started });
    });
    socket.once('connect', () => {
      socket.write(head);
      for (const chunk of body) timers.push(setTimeout(() => socket.writable && socket.write(chunk.bytes), chunk.at));
      const last = body.at(-1)?.at ?? 0;
      if (options.endAfterBody) timers.push(setTimeout(() => socket.end(), last + 10));
    });
    setTimeout(() => reject(new Error('the server kept the connection open')), 15_000).unref();
  });
}

const envelope = (answer: RawAnswer) => JSON.parse(answer.body) as { httpStatus: string; message: string };

describe('a request Node cannot parse', () => {
  it('with a Content-Length that is not a number answers 400 with the envelope', async () => {
    const answer = await rawRequest('POST /api/auth/signIn HTTP/1.1\r\nHost: admit.test\r\nContent-Length: abc\r\n\r\n{}');
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('Content-Type: application/json');
    expect(envelope(answer)).toEqual({ httpStatus: 'BAD_REQUEST', message: 'The request could not be understood.' });
  });

  it('with a body but no Content-Length (so the body reads as a second, broken request) answers 400 with the envelope', async () => {
    const answer = await rawRequest(
      'POST /api/auth/signIn HTTP/1.1\r\nHost: admit.test\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{"email":"a@b.c"}',
    );
    expect(answer.status).toBe(400);
    expect(envelope(answer).httpStatus).toBe('BAD_REQUEST');
  });

  it('with a body shorter than its Content-Length, from a client that stops sending, answers 400 with the envelope', async () => {
    const answer = await rawRequest(
      'POST /api/auth/signIn HTTP/1.1\r\nHost: admit.test\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{"email":"a"}',
      [{ at: 50, bytes: Buffer.alloc(0) }],
      { endAfterBody: true },
    );
    expect(answer.status).toBe(400);
    expect(envelope(answer).httpStatus).toBe('BAD_REQUEST');
  });

  it('that is not HTTP at all answers 400 with the envelope', async () => {
    const answer = await rawRequest('HELLO THERE\r\n\r\n');
    expect(answer.status).toBe(400);
    expect(envelope(answer).httpStatus).toBe('BAD_REQUEST');
  });

  it('with both a length and chunks, as request smuggling does, answers 400', async () => {
    const answer = await rawRequest(
      'POST /api/auth/signIn HTTP/1.1\r\nHost: admit.test\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    );
    expect(answer.status).toBe(400);
    expect(envelope(answer).httpStatus).toBe('BAD_REQUEST');
  });

  it('with an address longer than the headers may be answers 431 with the envelope', async () => {
    const answer = await rawRequest(`GET /api/events?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: admit.test\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(envelope(answer)).toEqual({
      httpStatus: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      message: 'The request’s address or headers are too long.',
    });
  });
});

describe('a request that does not finish arriving', () => {
  it('with headers that never end answers 408 with the envelope once their time is up', async () => {
    const answer = await rawRequest('GET /api/health HTTP/1.1\r\nHost: admit.test\r\nX-Slow: ');
    expect(answer.status).toBe(408);
    expect(envelope(answer)).toEqual({
      httpStatus: 'REQUEST_TIMEOUT',
      message: 'The request took too long to arrive. Please try again.',
    });
    expect(answer.closedAfterMs).toBeLessThan(3_000);
  });

  it('with a body that never ends answers 408 with the envelope and closes the connection', async () => {
    const answer = await rawRequest(
      'POST /api/auth/signIn HTTP/1.1\r\nHost: admit.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"',
    );
    expect(answer.status).toBe(408);
    expect(answer.headers).toMatch(/connection: close/i);
    expect(envelope(answer).httpStatus).toBe('REQUEST_TIMEOUT');
    expect(answer.closedAfterMs).toBeLessThan(2_000);
  });
});

describe('the largest image over a slow but steady connection', () => {
  const largest = Buffer.concat([png1x1, Buffer.alloc(maxImageBytes - png1x1.length)]);

  /** The image in 40 pieces, paced to arrive in full after `totalMs`. */
  async function uploadOver(totalMs: number) {
    const account = await signedInAccount(api.app, api.database.db, { userType: 'organiser', organizationName: 'Slow Uplink' });
    const organizationId = JSON.parse(Buffer.from(account.accessToken.split('.')[1] ?? '', 'base64url').toString()).org;
    const pieces = 40;
    const size = Math.ceil(largest.length / pieces);
    const body = Array.from({ length: pieces }, (_, index) => ({
      at: Math.round(((index + 1) / pieces) * totalMs),
      bytes: largest.subarray(index * size, (index + 1) * size),
    }));
    const head = [
      `POST /api/uploads?organizationId=${organizationId}&name=slow HTTP/1.1`,
      'Host: admit.test',
      `Authorization: Bearer ${account.accessToken}`,
      'Content-Type: image/png',
      `Content-Length: ${largest.length}`,
      'Connection: close',
    ].join('\r\n');
    return rawRequest(`${head}\r\n\r\n`, body);
  }

  it('is stored when it keeps arriving faster than the slowest rate served', { timeout: 20_000 }, async () => {
    // 5,120,000 bytes in 2 s is 2.56 MB/s, above the 2 MB/s these limits serve.
    const answer = await uploadOver(2_000);
    expect(answer.status).toBe(201);
    expect(envelope(answer).httpStatus).toBe('CREATED');
  });

  it('is answered 408 when it arrives slower than that', { timeout: 20_000 }, async () => {
    const answer = await uploadOver(4_000);
    expect(answer.status).toBe(408);
    expect(envelope(answer).httpStatus).toBe('REQUEST_TIMEOUT');
  });
});
