import { type FormEvent, useEffect } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import type { TicketType } from '#contract/events.ts';
import { joinWaitingListSchema, maxWaitingQuantity, type WaitingListJoined } from '#contract/waiting-list.ts';
import { useSession } from '#lib/session/use-session.ts';
import { useJoinWaitingList } from '../api/join-waiting-list.ts';
import { joinIssueErrors, joinServerErrors } from '../utils/join-errors.ts';
import { waitingQuantityRange } from '../utils/waiting-text.ts';

interface JoinWaitingListFormProps {
  eventId: string;
  type: Pick<TicketType, 'id' | 'name' | 'minPerOrder' | 'maxPerOrder'>;
  onJoined(joined: WaitingListJoined): void;
  onCancel(): void;
}

/**
 * Name, email (the account's, and fixed, when signed in: that is what puts the buyer straight in the queue) and how
 * many tickets; checked here as the server will, and the server's messages shown at their fields.
 */
export function JoinWaitingListForm({ eventId, type, onJoined, onCancel }: JoinWaitingListFormProps) {
  const { user, signedIn } = useSession();
  const join = useJoinWaitingList();
  const range = waitingQuantityRange(type, maxWaitingQuantity);
  const { formRef, values, setValues, errors, field, showErrors } = useFormFields({
    name: '',
    email: '',
    quantity: String(range.min),
  });
  const accountEmail = signedIn ? (user?.email ?? null) : null;
  const ids = (name: string) => `waiting-${type.id}-${name}`;

  // Opened by its button, which goes away: focus moves into the form.
  useEffect(() => document.getElementById(`waiting-${type.id}-name`)?.focus(), [type.id]);
  useEffect(() => {
    if (!user) return;
    const fullName = `${user.firstName} ${user.lastName}`.trim();
    setValues((current) => ({ ...current, name: current.name || fullName, email: user.email }));
  }, [user, setValues]);

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const checked = joinWaitingListSchema.safeParse({
      eventId,
      ticketTypeId: type.id,
      quantity: Number(values.quantity),
      buyer: { name: values.name, email: accountEmail ?? values.email },
    });
    if (!checked.success) {
      showErrors(joinIssueErrors(checked.error.issues));
      return;
    }
    join.mutate(checked.data, {
      onSuccess: (joined) => onJoined(joined),
      onError: (error) => showErrors(joinServerErrors(error)),
    });
  };

  const options = Array.from({ length: range.max - range.min + 1 }, (_, index) => range.min + index);
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      aria-label={`Join the waiting list for ${type.name}`}
      className="mt-2 space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
    >
      <p className="text-slate-700 text-sm">
        If places come back, we email you in the order people joined and hold them for you for a while.
      </p>
      {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
      <TextField id={ids('name')} label="Full name" autoComplete="name" required maxLength={120} {...field('name')} />
      <TextField
        id={ids('email')}
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        readOnly={accountEmail !== null}
        hint={
          accountEmail ? 'Your account’s email: you go straight into the queue.' : 'We send a link here to confirm your place.'
        }
        {...field('email')}
      />
      <SelectField
        id={ids('quantity')}
        label="Tickets"
        name="quantity"
        value={values.quantity}
        error={errors.quantity}
        onChange={(change) => setValues((current) => ({ ...current, quantity: change.target.value }))}
      >
        {options.map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </SelectField>
      {/* Stacked at every width: the form sits in the tickets column, narrow on a desktop too. */}
      <div className="flex flex-col gap-3">
        <SubmitButton busy={join.isPending} busyLabel="Joining…">
          Join the waiting list
        </SubmitButton>
        <button type="button" className={`${buttonClass('secondary')} w-full`} onClick={onCancel} disabled={join.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
