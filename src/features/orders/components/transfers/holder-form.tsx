import { type FormEvent, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { EmailField } from '#components/fields/email-field.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { type FieldErrors, serverFieldErrors, serverMessage, validate, withoutError } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { SubmitButton } from '#components/submit-button.tsx';
import type { Ticket } from '#contract/orders.ts';
import { renameTicketSchema, transferTicketSchema } from '#contract/ticket-transfers.ts';
import { toast } from '#lib/toasts.tsx';
import { useChangeHolder } from '../../api/order-self-service.ts';

interface HolderFormProps {
  orderId: string;
  token: string | null;
  ticket: Ticket;
  /** "Ticket 1". */
  label: string;
  kind: 'transfer' | 'rename';
  onDone(): void;
}

/**
 * Passes one ticket on (a new holder's name and address) or corrects its name (decision 069). A transfer says before
 * it is sent that the current code stops working and that no money moves.
 */
export function HolderForm({ orderId, token, ticket, label, kind, onDone }: HolderFormProps) {
  const [name, setName] = useState(kind === 'rename' ? ticket.holderName : '');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const change = useChangeHolder(orderId, token);
  const version = ticket.version ?? 0;
  const ids = { name: `holder-name-${ticket.id}`, email: `holder-email-${ticket.id}` };

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    setRefusal(null);
    const checked =
      kind === 'transfer'
        ? validate(transferTicketSchema, { holderName: name, holderEmail: email, version })
        : validate(renameTicketSchema, { holderName: name, version });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const body =
      kind === 'transfer'
        ? { transfer: checked.data as { holderName: string; holderEmail: string; version: number } }
        : { rename: checked.data };
    change.mutate(
      { ticketId: ticket.id, change: body },
      {
        onSuccess: () => {
          toast.success(
            kind === 'transfer' ? `Passed on. ${checked.data.holderName} has the ticket by email.` : 'Name corrected.',
          );
          onDone();
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setErrors(fields);
          if (!fields.holderName && !fields.holderEmail) setRefusal(serverMessage(error));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-4 rounded-lg bg-white p-4 ring-1 ring-slate-200"
      aria-label={kind === 'transfer' ? `Pass on ${label.toLowerCase()}` : `Correct the name on ${label.toLowerCase()}`}
    >
      <TextField
        label={kind === 'transfer' ? 'New holder’s name' : 'Name on the ticket'}
        name={ids.name}
        autoComplete="off"
        value={name}
        error={errors.holderName}
        onChange={(event) => {
          setName(event.target.value);
          // A field's message is about what was sent: it goes once the field is changed.
          setErrors((current) => withoutError(current, 'holderName'));
        }}
      />
      {kind === 'transfer' ? (
        <>
          <EmailField
            label="Their email"
            name={ids.email}
            autoComplete="off"
            value={email}
            error={errors.holderEmail}
            hint="We send them the ticket here."
            onChange={(event) => {
              setEmail(event.target.value);
              setErrors((current) => withoutError(current, 'holderEmail'));
            }}
          />
          <p className="rounded-lg bg-amber-50 p-3 text-amber-950 text-sm ring-1 ring-amber-200">
            The QR code and short code this ticket has now stop working at once; the new holder gets new ones. No money moves:
            Admit does not handle resale, so settle any payment between yourselves.
          </p>
        </>
      ) : (
        <p className="text-slate-600 text-sm">The QR code stays the same.</p>
      )}
      {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <SubmitButton inline busy={change.isPending} busyLabel="Saving…">
          {kind === 'transfer' ? 'Pass the ticket on' : 'Correct the name'}
        </SubmitButton>
        <button
          type="button"
          className={`${buttonClass('secondary')} w-full sm:w-auto`}
          onClick={onDone}
          disabled={change.isPending}
        >
          Keep it as it is
        </button>
      </div>
    </form>
  );
}
