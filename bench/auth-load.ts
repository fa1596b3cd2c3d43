// Accounts: what argon2id costs a sign-in, and what token checks cost an API call.

import { demoPassword } from '../server/cli/seed-accounts.ts';
import { hashPassword, verifyPassword } from '../server/lib/auth/passwords.ts';
import { type LoadResult, measureLoad } from './ssr-load.ts';

export interface AuthResult {
  argon2: { verifyMs: number; verifiesPerSecSequential: number; verifiesPerSecParallel: number };
  signIn: { samples: number; medianMs: number };
  authenticated: LoadResult;
  /** One query and no token: isolates what the token check adds. */
  unauthenticatedQuery: LoadResult;
  health: LoadResult;
  authenticatedOverHealth: number;
  authenticatedOverQuery: number;
}

const demoEmails = ['alex@admit.demo', 'admin@admit.demo', 'maya@northernlights.demo', 'sam@harbourarts.demo'];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function verifiesPerSecond(hash: string, parallel: number, seconds: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < until) {
        await verifyPassword(hash, demoPassword);
        done += 1;
      }
    }),
  );
  return done / seconds;
}

async function signIn(baseUrl: string, email: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  });
  const body = (await response.json()) as {
    data?: { accessToken: string; authId: string; user: { organizationId: string | null } };
  };
  if (!response.ok || !body.data) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return { ms: performance.now() - started, ...body.data };
}

export async function measureAuth(baseUrl: string, durationS: number): Promise<AuthResult> {
  const hash = await hashPassword(demoPassword);
  const started = performance.now();
  await verifyPassword(hash, demoPassword);
  const verifyMs = performance.now() - started;
  const sequential = await verifiesPerSecond(hash, 1, 3);
  const parallel = await verifiesPerSecond(hash, 4, 3);

  // Spread over the demo accounts, so the per-account sign-in limit (10 in 15 minutes) is not reached.
  const samples: number[] = [];
  let session = await signIn(baseUrl, demoEmails[0] as string);
  for (let index = 0; index < 12; index += 1) {
    session = await signIn(baseUrl, demoEmails[index % demoEmails.length] as string);
    samples.push(session.ms);
  }

  const authenticated = await measureLoad(
    `${baseUrl}/api/users/${session.authId}`,
    { authorization: `Bearer ${session.accessToken}` },
    durationS,
  );
  const organiser = await signIn(baseUrl, 'sam@harbourarts.demo');
  const unauthenticatedQuery = await measureLoad(`${baseUrl}/api/organizations/${organiser.user.organizationId}`, {}, durationS);
  const health = await measureLoad(`${baseUrl}/api/health`, {}, durationS);
  return {
    argon2: { verifyMs, verifiesPerSecSequential: sequential, verifiesPerSecParallel: parallel },
    signIn: { samples: samples.length, medianMs: median(samples) },
    authenticated,
    unauthenticatedQuery,
    health,
    authenticatedOverHealth: authenticated.requestsPerSec / health.requestsPerSec,
    authenticatedOverQuery: authenticated.requestsPerSec / unauthenticatedQuery.requestsPerSec,
  };
}
