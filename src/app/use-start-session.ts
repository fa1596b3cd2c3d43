import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { SignInResult } from '../contract/auth.ts';
import { navigateTo } from '../lib/external-navigation.ts';
import { writeSessionCookies } from '../lib/session/cookies.ts';
import { sessionKeys } from '../lib/session/use-session.ts';
import { landingAfterSignIn } from './guards.ts';

/**
 * After a sign-in (or a confirmed sign-up, which signs in too): stores the session and loads the page asked for, or
 * the user's landing page. A full load, so every part of the app starts with the session.
 */
export function useStartSession(): (result: SignInResult) => void {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  return ({ accessToken, authId, user }) => {
    writeSessionCookies({ accessToken, authId, email: user.email, platforms: user.platforms });
    queryClient.setQueryData(sessionKeys.user(authId), user);
    navigateTo(landingAfterSignIn(searchParams.get('redirect'), user));
  };
}
