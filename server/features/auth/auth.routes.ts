import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  changePasswordSchema,
  confirmForgotPasswordSchema,
  confirmSignupSchema,
  emailOnlySchema,
  emptySchema,
  refreshTokenSchema,
  resendConfirmationCodeSchema,
  signInResultSchema,
  signInSchema,
  signUpResultSchema,
  signUpSchema,
  tokensSchema,
} from '../../../src/contract/auth.ts';
import type { ApiContext } from '../../api-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Caller } from './auth-context.ts';
import { confirmForgotPassword, forgotPassword } from './password-reset.service.ts';
import { confirmSignup, maskEmail, resendConfirmationCode, signUp } from './registration.service.ts';
import {
  clearRefreshCookie,
  presentedDevice,
  presentedRefreshToken,
  refreshCookie,
  setDeviceCookie,
  setRefreshCookie,
} from './session-cookie.ts';
import { changePassword, refreshSession, signOut } from './sessions.service.ts';
import { type SignedIn, signIn } from './sign-in.service.ts';

const tags = ['auth'];

export function authRoutes(app: FastifyInstance, context: ApiContext): void {
  const { routes, config, auth } = context;
  const deps = { db: context.db, config, tokens: context.tokens };
  const caller = (request: FastifyRequest): Caller => ({
    ip: request.ip,
    origin: config.publicOrigin,
    device: presentedDevice(request),
  });
  /** A session for the browser: the refresh token and the device id in HttpOnly cookies, the rest in the answer. */
  const signedIn = (request: FastifyRequest, reply: FastifyReply, { session, device }: SignedIn) => {
    setRefreshCookie(request, reply, session);
    setDeviceCookie(request, reply, device);
  };

  routes.add(app, {
    method: 'POST',
    url: '/auth/signUp',
    summary: 'Sign up: the account is made once the mailed code is confirmed with this password',
    tags,
    auth: 'none',
    whileActing: 'refused',
    statuses: ['CREATED'],
    errors: ['TOO_MANY_REQUESTS'],
    body: signUpSchema,
    response: signUpResultSchema,
    handler: async ({ body, request }) => {
      await signUp(deps, body, caller(request));
      return {
        message: 'Check your email for a 6-digit code to confirm your account.',
        data: { email: body.email, codeDeliveredTo: maskEmail(body.email) },
      };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/confirmSignup',
    summary: "Confirm an address with the code mailed for a sign-up and that sign-up's password; signs in",
    tags,
    auth: 'none',
    whileActing: 'refused',
    errors: ['TOO_MANY_REQUESTS'],
    body: confirmSignupSchema,
    response: signInResultSchema,
    handler: async ({ body, request, reply }) => {
      const confirmed = await confirmSignup(deps, body, caller(request));
      signedIn(request, reply, confirmed);
      return {
        message: `Your email address is confirmed. Welcome to Admit, ${confirmed.result.user.firstName}.`,
        data: confirmed.result,
      };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/resendConfirmationCode',
    summary: 'Mail a new confirmation code for the sign-up made with this password',
    tags,
    auth: 'none',
    whileActing: 'refused',
    errors: ['TOO_MANY_REQUESTS'],
    body: resendConfirmationCodeSchema,
    response: emptySchema,
    handler: async ({ body, request }) => {
      await resendConfirmationCode(deps, body, caller(request));
      return { message: 'If that account still needs confirming, a new code is on its way.', data: {} };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/signIn',
    summary: 'Sign in; answers tokens and the user',
    tags,
    auth: 'none',
    whileActing: 'refused',
    errors: ['FORBIDDEN', 'TOO_MANY_REQUESTS'],
    body: signInSchema,
    response: signInResultSchema,
    handler: async ({ body, request, reply }) => {
      const session = await signIn(deps, body, caller(request));
      signedIn(request, reply, session);
      return { message: `Welcome back, ${session.result.user.firstName}.`, data: session.result };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/refreshToken',
    summary: 'Exchange a refresh token for new tokens (rotates; reuse ends the session family)',
    tags,
    auth: 'none',
    whileActing: 'refused',
    headers: [refreshCookie],
    errors: ['UNAUTHORIZED', 'TOO_MANY_REQUESTS'],
    body: refreshTokenSchema,
    response: tokensSchema,
    handler: async ({ body, request, reply }) => {
      const presented = presentedRefreshToken(request, body.refreshToken);
      if (!presented) throw new HttpError('UNAUTHORIZED', 'Your session has ended. Please sign in again.');
      const session = await refreshSession(deps, { refreshToken: presented, authId: body.authId }, caller(request));
      setRefreshCookie(request, reply, session);
      return { message: 'Session renewed.', data: { accessToken: session.accessToken, refreshToken: session.refreshToken } };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/signOut',
    summary: 'End this session',
    tags,
    auth: 'none',
    whileActing: 'refused',
    headers: [refreshCookie],
    body: refreshTokenSchema.pick({ refreshToken: true }).optional(),
    response: emptySchema,
    handler: async ({ body, request, reply }) => {
      await signOut(deps, presentedRefreshToken(request, body?.refreshToken));
      clearRefreshCookie(request, reply);
      return { message: 'You are signed out.', data: {} };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/forgotPassword',
    summary: 'Mail a password reset code (same answer whether or not the account exists)',
    tags,
    auth: 'none',
    whileActing: 'refused',
    errors: ['TOO_MANY_REQUESTS'],
    body: emailOnlySchema,
    response: emptySchema,
    handler: async ({ body, request }) => {
      await forgotPassword(deps, body.email, caller(request));
      return { message: 'If an account uses that address, we have sent it a code to reset the password.', data: {} };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/confirmForgotPassword',
    summary: 'Set a new password with the mailed code; ends every session',
    tags,
    auth: 'none',
    whileActing: 'refused',
    errors: ['TOO_MANY_REQUESTS'],
    body: confirmForgotPasswordSchema,
    response: emptySchema,
    handler: async ({ body, request, reply }) => {
      await confirmForgotPassword(deps, body, caller(request));
      clearRefreshCookie(request, reply);
      return { message: 'Your password is changed. Sign in with the new one.', data: {} };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/changePassword',
    summary: 'Change the password of the signed-in user; other sessions end',
    tags,
    auth: 'required',
    whileActing: 'refused',
    errors: ['TOO_MANY_REQUESTS'],
    body: changePasswordSchema,
    response: tokensSchema,
    handler: async ({ body, request, reply }) => {
      const claims = await auth.require(request);
      const session = await changePassword(deps, claims.sub, body);
      setRefreshCookie(request, reply, session);
      return {
        message: 'Your password is changed.',
        data: { accessToken: session.accessToken, refreshToken: session.refreshToken },
      };
    },
  });
}
