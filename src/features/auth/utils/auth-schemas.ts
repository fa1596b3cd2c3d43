import { lazySchemas } from '#components/fields/lazy-schemas.ts';

/** The schemas the sign-in, sign-up and code forms check with, loaded once their page is idle. */
export const authSchemas = lazySchemas(() => import('#contract/auth.ts'));
