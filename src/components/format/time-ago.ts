import { formatDistanceToNow } from 'date-fns';

/** "5 minutes ago", "about 2 hours ago" from the runtime's clock (apart from local-date.ts: pages showing dates only do not load it). */
export const formatAgo = (at: string | Date) => formatDistanceToNow(new Date(at), { addSuffix: true });
