import { queryOptions, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { mailboxMessageSchema } from '#contract/auth.ts';
import { type ApiCaller, useApiCaller } from '#lib/api-caller.tsx';
import { mailboxKeys } from '#lib/query-keys/dev-mailbox.ts';

export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

/** The latest outgoing mail; a 404 in production, where the mailbox does not exist. Silent: pages explain it. */
export const getMailbox = (api: ApiCaller): Promise<MailboxMessage[]> =>
  api<MailboxMessage[]>({ url: '/dev/mailbox', silent: true });

export const mailboxQueryOptions = (api: ApiCaller) =>
  queryOptions({ queryKey: mailboxKeys.latest(), queryFn: () => getMailbox(api) });

interface UseMailboxOptions {
  queryConfig?: Omit<
    UseQueryOptions<MailboxMessage[], Error, MailboxMessage[], ReturnType<typeof mailboxKeys.latest>>,
    'queryKey' | 'queryFn'
  >;
}

export function useMailbox({ queryConfig }: UseMailboxOptions = {}) {
  const api = useApiCaller();
  return useQuery({ ...mailboxQueryOptions(api), ...queryConfig });
}
