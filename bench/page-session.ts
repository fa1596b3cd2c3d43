// A signed-in visitor for the page bench: the session cookies a browser holds after signing in, and a Chromium
// holding them in its own cookie jar for Lighthouse (a Cookie header alone would leave document.cookie empty, and
// the page would hydrate as signed out).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromiumArgs, chromiumPath } from '../tests/fixtures/chromium.ts';
import { freePort } from '../tests/fixtures/free-port.ts';

export interface SessionCookie {
  name: string;
  value: string;
}

/** A demo attendee (README's demo accounts). */
export const demoAttendee = { email: 'alex@admit.demo', password: 'admit-demo-2026' };

interface SignInAnswer {
  data: { accessToken: string; authId: string; user: { email: string; platforms: string[] } };
}

/** The access token's `exp` claim (Unix seconds), read as the browser's session code reads it. */
export function tokenExpiry(accessToken: string): number {
  const payload = accessToken.split('.')[1];
  if (!payload) throw new Error('the access token is not a JWT');
  const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: number };
  return exp ?? 0;
}

/** The cookies a browser holds once signed in: the ones the page writes (spec's names) and the server's own. */
export function sessionCookies(answer: SignInAnswer['data'], setCookies: string[]): SessionCookie[] {
  const fromServer = setCookies.flatMap((header) => {
    const [pair = ''] = header.split(';');
    const index = pair.indexOf('=');
    return index > 0 ? [{ name: pair.slice(0, index).trim(), value: pair.slice(index + 1).trim() }] : [];
  });
  return [
    ...fromServer,
    { name: 'accessToken', value: answer.accessToken },
    { name: 'tokenExpiry', value: String(tokenExpiry(answer.accessToken)) },
    { name: 'u', value: answer.authId },
    { name: 'email', value: encodeURIComponent(answer.user.email) },
    { name: 'platforms', value: encodeURIComponent(answer.user.platforms.join(',')) },
  ];
}

export async function signIn(baseUrl: string, account = demoAttendee): Promise<SessionCookie[]> {
  const response = await fetch(`${baseUrl}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!response.ok) throw new Error(`signing in ${account.email} answered ${response.status}: ${await response.text()}`);
  return sessionCookies(((await response.json()) as SignInAnswer).data, response.headers.getSetCookie());
}

export const cookieHeader = (cookies: SessionCookie[]) => cookies.map(({ name, value }) => `${name}=${value}`).join('; ');

/** One DevTools call over the browser's WebSocket. */
async function devtoolsCall(port: number, method: string, params: Record<string, unknown>): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error('DevTools connection failed')), { once: true });
    });
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('message', (event) => {
        const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (answer.id !== 1) return;
        if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
        else resolve();
      });
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}

/**
 * Runs `use` with a fresh headless Chromium (own profile, the bench's flags) whose cookie jar holds `cookies` for
 * the host of `baseUrl`; `use` gets its DevTools port (for `lighthouse --port`). The browser is stopped afterwards.
 */
export async function withCookieBrowser<T>(
  baseUrl: string,
  cookies: SessionCookie[],
  use: (port: number) => T | Promise<T>,
): Promise<T> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'admit-bench-chromium-'));
  const child: ChildProcess = spawn(
    chromiumPath,
    ['--headless', ...chromiumArgs, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((done) => child.once('close', () => done()));
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (child.exitCode !== null || Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
      await sleep(100);
    }
    const { hostname } = new URL(baseUrl);
    await devtoolsCall(port, 'Storage.setCookies', {
      cookies: cookies.map(({ name, value }) => ({ name, value, domain: hostname, path: '/' })),
    });
    return await use(port);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
    rmSync(profile, { recursive: true, force: true });
  }
}
