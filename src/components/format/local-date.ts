import { format } from 'date-fns';

/** Fixed patterns in the runtime's own zone (date-fns), for pages that show the viewer their own records. */

/** "3 November 2026". */
export const formatLongDate = (at: string | Date) => format(new Date(at), 'd MMMM yyyy');

/** "19:04:37". */
export const formatClockSeconds = (at: string | Date) => format(new Date(at), 'HH:mm:ss');

/** "2026-11-03 19:04:37". */
export const formatTimestamp = (at: string | Date) => format(new Date(at), 'yyyy-MM-dd HH:mm:ss');
