import { lazySchemas } from '#components/fields/lazy-schemas.ts';

/** The schemas the help desk's own forms (raise, check status, the code, a reply) check with, loaded once their page is idle. */
export const caseSchemas = lazySchemas(() => import('#contract/help-cases.ts'));
