import { describe, expect, it } from 'vitest';
import { keepServerMessage, readWithMessage } from './server-message.ts';

describe('the server’s sentence beside a call’s data', () => {
  it('moves the message into the data the client hands back', () => {
    const raw = JSON.stringify({ httpStatus: 'CREATED', message: 'Queued.', data: { id: 'm1' } });
    const read = keepServerMessage(raw) as { data: unknown; httpStatus: string };
    expect(read.httpStatus).toBe('CREATED');
    expect(readWithMessage(read.data)).toEqual({ message: 'Queued.', data: { id: 'm1' } });
  });

  it('leaves refusals and what is not JSON as they came, for the usual error handling', () => {
    const refusal = { httpStatus: 'TOO_MANY_REQUESTS', message: 'Your organisation can send 5 an hour.' };
    expect(keepServerMessage(JSON.stringify(refusal))).toEqual(refusal);
    expect(keepServerMessage('<html>Bad gateway</html>')).toBe('<html>Bad gateway</html>');
  });

  it('reads an answer without the sentence as the data alone', () => {
    expect(readWithMessage({ to: 'me@example.test' })).toEqual({ message: null, data: { to: 'me@example.test' } });
  });
});
