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
});
