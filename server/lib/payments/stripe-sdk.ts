import { createRequire } from 'node:module';
import type StripeSdk from 'stripe';

const require = createRequire(import.meta.url);
let loaded: typeof StripeSdk | undefined;

/** Stripe's SDK, loaded the first time a Stripe client is made or an error read: an instance on the sandbox never loads it. */
export function stripeSdk(): typeof StripeSdk {
  loaded ??= require('stripe') as typeof StripeSdk;
  return loaded;
}
