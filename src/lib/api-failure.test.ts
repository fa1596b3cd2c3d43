import { AxiosError, isAxiosError } from 'axios';
import { describe, expect, it } from 'vitest';
import { isApiClientError, isUnanswered } from './api-failure.ts';

describe('API client failures', () => {
  const answered = new AxiosError('Bad request', 'ERR_BAD_REQUEST', undefined, undefined, {
    status: 400,
    statusText: 'Bad Request',
    data: { message: 'No' },
    headers: {},
    config: { headers: {} as never },
  });
  const unanswered = new AxiosError('Network Error', 'ERR_NETWORK');
  const others: unknown[] = [null, undefined, 'isAxiosError', 0, new Error('x'), { isAxiosError: 'true' }, { isAxiosError: 1 }];

  it('decides as axios decides', () => {
    for (const value of [answered, unanswered, { isAxiosError: true }, ...others]) {
      expect(isApiClientError(value)).toBe(isAxiosError(value));
    }
  });

  it('tells a call without an answer from one the server refused', () => {
    expect(isUnanswered(unanswered)).toBe(true);
    expect(isUnanswered(answered)).toBe(false);
    for (const value of others) expect(isUnanswered(value)).toBe(false);
  });
});
