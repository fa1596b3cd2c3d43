import { describe, expect, it } from 'vitest';
import { deploymentOf, optimizeForOf } from './deployment.ts';

// The launcher (ssr/start.mjs) reads the raw environment, before the configuration checks it.
describe('deployment and optimisation, from the raw environment', () => {
  it('is local on this machine and a deployment once anything points beyond it', () => {
    expect(deploymentOf({})).toBe('local');
    expect(deploymentOf({ PUBLIC_APP_URL: 'http://127.0.0.1:3000' })).toBe('local');
    expect(deploymentOf({ PUBLIC_APP_URL: 'https://tickets.example.com' })).toBe('production');
    expect(deploymentOf({ DATABASE_URL: 'postgres://db/admit' })).toBe('production');
    expect(deploymentOf({ DATABASE_URL: 'postgres://db/admit', DEPLOYMENT: 'local' })).toBe('local');
    // A broken address is the configuration's to report; until then it is not this machine.
    expect(deploymentOf({ PUBLIC_APP_URL: 'not a url' })).toBe('production');
  });

  it('optimises a local instance for memory and a deployment for speed, unless told', () => {
    expect(optimizeForOf({})).toBe('memory');
    expect(optimizeForOf({ DATABASE_URL: 'postgres://db/admit' })).toBe('speed');
    expect(optimizeForOf({ DATABASE_URL: 'postgres://db/admit', OPTIMIZE_FOR: 'memory' })).toBe('memory');
    expect(optimizeForOf({ OPTIMIZE_FOR: 'speed' })).toBe('speed');
    expect(optimizeForOf({ OPTIMIZE_FOR: '' })).toBe('memory');
  });
});
