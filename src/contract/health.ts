import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });
export const readinessSchema = z.object({ database: z.enum(['reachable', 'unreachable']) });
