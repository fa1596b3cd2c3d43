import { z } from 'zod';
import { clientErrorLimits } from './client-error-text.ts';

/** Where the error came from: the page failed to start, a render error, or one outside rendering. */
export const clientErrorKindSchema = z.enum(['mount', 'render', 'error', 'unhandledrejection']);
export type ClientErrorKind = z.infer<typeof clientErrorKindSchema>;

/** An error the browser saw, reported to the server's log (decision 050). Unknown fields are dropped. */
export const clientErrorReportSchema = z.object({
  kind: clientErrorKindSchema,
  name: z.string().trim().min(1).max(clientErrorLimits.name),
  message: z.string().max(clientErrorLimits.message),
  /** The page's path only: its query and fragment can hold codes and tokens, so they are never sent. */
  page: z
    .string()
    .max(clientErrorLimits.page)
    .regex(/^\/[^?#]*$/, 'must be a path without a query or fragment'),
  stack: z.string().max(clientErrorLimits.stack).optional(),
  /** Whether the person was shown the full-page error. */
  fatal: z.boolean(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

export const clientErrorReceiptSchema = z.object({ received: z.literal(true) });
