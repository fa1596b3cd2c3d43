/** The development mailbox's query keys. */
export const mailboxKeys = {
  all: ['dev-mailbox'] as const,
  latest: () => [...mailboxKeys.all, 'latest'] as const,
};
