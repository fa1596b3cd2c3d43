import { EmailField } from '#components/fields/email-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';

/** What the buyer types about each ticket's holder, by ticket key, and the messages about it. */
export interface HolderInputs {
  names: Record<string, string>;
  emails: Record<string, string>;
  /** A ticket's email message, if any. */
  emailError(key: string): string | undefined;
  onName(key: string, name: string): void;
  onEmail(key: string, email: string): void;
}

const idOf = (ticketKey: string, field: string) => `attendee-${field}${ticketKey.replace(':', '-')}`;

/**
 * A ticket's optional holder name and, under it, the holder's own email: another person's, so the browser fills in
 * neither.
 */
export function HolderFields({ ticketKey, holders }: { ticketKey: string; holders: HolderInputs }) {
  return (
    <>
      <TextField
        id={idOf(ticketKey, '')}
        label="Name on the ticket (optional)"
        autoComplete="off"
        maxLength={120}
        hint="Leave it blank to use yours."
        value={holders.names[ticketKey] ?? ''}
        onChange={(change) => holders.onName(ticketKey, change.target.value)}
      />
      <EmailField
        id={idOf(ticketKey, 'email-')}
        label="Email (optional)"
        required={false}
        autoComplete="off"
        maxLength={254}
        hint="The organiser’s messages about this ticket go here instead of to you."
        error={holders.emailError(ticketKey)}
        value={holders.emails[ticketKey] ?? ''}
        onChange={(change) => holders.onEmail(ticketKey, change.target.value)}
      />
    </>
  );
}
