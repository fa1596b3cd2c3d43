import { z } from 'zod';

/** An IANA time zone the engine knows, such as Europe/London. */
export const timezoneSchema = z.string().refine((zone) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}, 'Choose a real time zone, e.g. Europe/London.');
