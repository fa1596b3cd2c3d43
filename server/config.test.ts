import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'admit-config-'));

describe('configuration', () => {
  it('works with no variables at all', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.publicConfig.apiBase).toBe('/api');
    expect(config.storageDriver).toBe('local');
    expect(config.paymentProvider).toBe('sandbox');
  });

  it('names the variable that is invalid', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('requires the S3 and identity settings together with STORAGE_DRIVER=aws', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE_DRIVER: 'aws', PUBLIC_BUCKET: 'b' })).toThrow(
      /PUBLIC_AWS_REGION[\s\S]*PUBLIC_IDENTITY_POOL_ID/,
    );
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('sends the browser only the public allowlist', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      JWT_SECRET: 'x'.repeat(40),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PAYMENT_PROVIDER: 'stripe',
    });
    const serialized = JSON.stringify(config.publicConfig);
    expect(serialized).not.toContain('sk_test_1');
    expect(serialized).not.toContain('x'.repeat(40));
  });

  it('lets people leave for the map, the payment provider in use and the origins the operator lists, and nowhere else', () => {
    const sandbox = loadConfig({ DATA_DIR: dataDir(), ALLOWED_EXTERNAL_ORIGINS: 'https://zoom.us/, https://meet.google.com' });
    expect(sandbox.publicConfig.allowedExternalOrigins).toEqual([
      'https://www.openstreetmap.org',
      'https://zoom.us',
      'https://meet.google.com',
    ]);
    const stripe = loadConfig({
      DATA_DIR: dataDir(),
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      PAYMENT_PROVIDER: 'stripe',
    });
    expect(stripe.publicConfig.allowedExternalOrigins).toEqual([
      'https://www.openstreetmap.org',
      'https://checkout.stripe.com',
      'https://connect.stripe.com',
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ALLOWED_EXTERNAL_ORIGINS: 'zoom.us' })).toThrow(/ALLOWED_EXTERNAL_ORIGINS/);
  });

  it('is a local instance on its embedded database, on this machine only, with the sandbox and the mailbox', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.deployment).toBe('local');
    expect(config.host).toBe('127.0.0.1');
    expect(config.demoData).toBe(true);
    expect(config.devMailbox).toBe(true);
    expect(config.paymentProvider).toBe('sandbox');
    expect(config.publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_APP_URL: 'http://127.0.0.1:4000/' }).deployment).toBe('local');
    expect(loadConfig({ DATA_DIR: dataDir(), SMTP_URL: 'smtp://127.0.0.1:25' }).devMailbox).toBe(false);
  });

  it('is a deployment as soon as it uses PostgreSQL or a public address, and then needs its origin, mail and payments', () => {
    for (const env of [{ DATABASE_URL: 'postgres://db/admit' }, { PUBLIC_APP_URL: 'https://tickets.example.com' }]) {
      const attempt = () => loadConfig({ DATA_DIR: dataDir(), ...env });
      expect(attempt).toThrow(ConfigError);
      expect(attempt).toThrow(/SMTP_URL[\s\S]*PAYMENT_PROVIDER/);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/admit' })).toThrow(/PUBLIC_APP_URL/);
  });

  it('opens nothing on a deployment unless asked', () => {
    const env = {
      DATA_DIR: dataDir(),
      DATABASE_URL: 'postgres://db/admit',
      PUBLIC_APP_URL: 'https://tickets.example.com/',
      SMTP_URL: 'smtp://mail.example.com',
      PAYMENT_PROVIDER: 'sandbox',
    };
    const config = loadConfig(env);
    expect(config.deployment).toBe('production');
    expect(config.isLocal).toBe(false);
    expect(config.host).toBe('0.0.0.0');
    expect(config.demoData).toBe(false);
    expect(config.devMailbox).toBe(false);
    expect(config.publicConfig.devMailbox).toBe(false);
    expect(config.publicOrigin).toBe('https://tickets.example.com');
    expect(loadConfig({ ...env, DEMO_DATA: '1' }).demoData).toBe(true);
    expect(() => loadConfig({ ...env, DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA/);
  });

  it('stays local on PostgreSQL when told so, without demo data unless asked', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/admit', DEPLOYMENT: 'local' });
    expect(config.isLocal).toBe(true);
    expect(config.demoData).toBe(false);
  });

  it('saves memory on a local instance and keeps speed on a deployment, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).optimizeFor).toBe('memory');
    const deployed = { DATA_DIR: dataDir(), DEPLOYMENT: 'production', PUBLIC_APP_URL: 'https://t.example.com' };
    const production = { ...deployed, SMTP_URL: 'smtp://mail:25', PAYMENT_PROVIDER: 'sandbox' };
    expect(loadConfig(production).optimizeFor).toBe('speed');
    expect(loadConfig({ ...production, OPTIMIZE_FOR: 'memory' }).optimizeFor).toBe('memory');
    expect(loadConfig({ DATA_DIR: dataDir(), OPTIMIZE_FOR: 'speed' }).optimizeFor).toBe('speed');
    expect(() => loadConfig({ DATA_DIR: dataDir(), OPTIMIZE_FOR: 'small' })).toThrow(/OPTIMIZE_FOR/);
  });
});
