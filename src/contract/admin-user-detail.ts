import { z } from 'zod';
import { adminUserSchema, auditEntrySchema } from './admin.ts';
import { caseStateSchema } from './help-cases.ts';
import { orderStatusSchema } from './orders.ts';
import { kycStatusSchema, memberRoleSchema } from './users.ts';

/** How many of a person's newest orders and cases the users page shows beside them. */
export const USER_DETAIL_ROWS = 20;

/** One account as support sees it: its newest orders and cases (by account or by its address), organisations and history. */
export const adminUserDetailSchema = z.object({
  user: adminUserSchema,
  orders: z.array(
    z.object({
      id: z.uuid(),
      reference: z.string(),
      status: orderStatusSchema,
      eventTitle: z.string(),
      total: z.number().int(),
      currency: z.string(),
      /** Paid in the sandbox: no money moved. */
      test: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  organisations: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      role: memberRoleSchema,
      kycStatus: kycStatusSchema,
      suspended: z.boolean(),
    }),
  ),
  cases: z.array(
    z.object({ id: z.uuid(), reference: z.string(), subject: z.string(), state: caseStateSchema, createdAt: z.string() }),
  ),
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;
