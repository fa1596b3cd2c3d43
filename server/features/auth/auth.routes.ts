import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  changePasswordSchema,
  confirmForgotPasswordSchema,
  confirmSignupSchema,
  emailOnlySchema,
  emptySchema,
  refreshTokenSchema,
  signInResultSchema,
  signInSchema,
  signUpResultSchema,
  signUpSchema,
  tokensSchema,
} from '../../../src/contract/auth.ts';
import type { ApiContext } from '../../api-context.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Caller } from './auth-context.ts';
import {
  confirmForgotPassword,
  confirmSignup,
  forgotPassword,
  maskEmail,
  resendConfirmationCode,
  signUp,
} from './registration.service.ts';
import { clearRefreshCookie, presentedRefreshToken, refreshCookie, setRefreshCookie } from './session-cookie.ts';
import { changePassword, refreshSession, signIn, signOut } from './sessions.service.ts';

const tags = ['auth'];

export function authRoutes(app: FastifyInstance, context: ApiContext): void {
  const { routes, config, auth } = context;
  const deps = { db: context.db, config, tokens: context.tokens };
  const caller = (request: FastifyRequest): Caller => ({
    ip: request.ip,
    origin: config.publicOrigin,
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/signUp',
    summary: 'Create an account; a confirmation code is mailed',
    tags,
    auth: 'none',
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
    summary: 'Confirm an account with the mailed code',
    tags,
    auth: 'none',
    errors: ['TOO_MANY_REQUESTS'],
    body: confirmSignupSchema,
    response: emptySchema,
    handler: async ({ body, request }) => {
      await confirmSignup(deps, body.email, body.code, caller(request));
      return { message: 'Your email address is confirmed. You can sign in now.', data: {} };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/resendConfirmationCode',
    summary: 'Mail a new confirmation code',
    tags,
    auth: 'none',
    errors: ['TOO_MANY_REQUESTS'],
    body: emailOnlySchema,
    response: emptySchema,
    handler: async ({ body, request }) => {
      await resendConfirmationCode(deps, body.email, caller(request));
      return { message: 'If that account still needs confirming, a new code is on its way.', data: {} };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/signIn',
    summary: 'Sign in; answers tokens and the user',
    tags,
    auth: 'none',
    errors: ['FORBIDDEN', 'TOO_MANY_REQUESTS'],
    body: signInSchema,
    response: signInResultSchema,
    handler: async ({ body, request, reply }) => {
      const { session, result } = await signIn(deps, body, caller(request));
      setRefreshCookie(request, reply, session);
      return { message: `Welcome back, ${result.user.firstName}.`, data: result };
    },
  });

  routes.add(app, {
    method: 'POST',
    url: '/auth/refreshToken',
    summary: 'Exchange a refresh token for new tokens (rotates; reuse ends the session family)',
    tags,
    auth: 'none',
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
