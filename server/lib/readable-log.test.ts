import { describe, expect, it } from 'vitest';
import { readableLogStream } from './readable-log.ts';

function lines() {
  const written: string[] = [];
  const stream = readableLogStream({ write: (line) => written.push(line) });
  return {
    written,
    log: (entry: object) => stream.write(`${JSON.stringify({ time: Date.parse('2026-12-02T10:11:12'), level: 30, ...entry })}\n`),
  };
}

describe('the local log', () => {
  it('writes one line per request, with method, address, status and time', () => {
    const { written, log } = lines();
    log({ reqId: 'r1', req: { method: 'GET', url: '/events?q=jazz' }, msg: 'incoming request' });
    log({ reqId: 'r2', req: { method: 'POST', url: '/api/orders' }, msg: 'incoming request' });
    expect(written).toEqual([]);
    log({ reqId: 'r2', res: { statusCode: 201 }, responseTime: 41.7, msg: 'request completed' });
    log({ reqId: 'r1', res: { statusCode: 200 }, responseTime: 3.2, msg: 'request completed' });
    expect(written).toEqual(['10:11:12  POST /api/orders → 201 in 42 ms\n', '10:11:12  GET /events?q=jazz → 200 in 3 ms\n']);
  });

  it('writes other messages as sentences, warnings and errors marked, with their details', () => {
    const { written, log } = lines();
    log({ msg: 'Admit is ready at http://localhost:3000', startupMs: 812 });
    log({ level: 50, msg: 'could not send mail', err: { message: 'connect ECONNREFUSED', stack: 'at …' } });
    expect(written).toEqual([
      '10:11:12  Admit is ready at http://localhost:3000 {"startupMs":812}\n',
      '10:11:12  ERROR could not send mail: connect ECONNREFUSED\n',
    ]);
  });
});
