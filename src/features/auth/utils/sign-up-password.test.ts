import { afterEach, describe, expect, it } from 'vitest';
import { forgetSignUpPassword, rememberSignUpPassword, signUpPasswordFor } from './sign-up-password.ts';

describe('the password typed at sign-up', () => {
  afterEach(forgetSignUpPassword);

  it('is given back for the same address, whatever its capitals and spaces', () => {
    rememberSignUpPassword('Ada@Example.test', 'a long secret');
    expect(signUpPasswordFor(' ada@example.TEST ')).toBe('a long secret');
  });

  it('is never given for another address, nor once forgotten', () => {
    rememberSignUpPassword('ada@example.test', 'a long secret');
    expect(signUpPasswordFor('mallory@example.test')).toBe('');
    forgetSignUpPassword();
    expect(signUpPasswordFor('ada@example.test')).toBe('');
  });
});
