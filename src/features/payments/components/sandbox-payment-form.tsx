import { type ChangeEvent, type FormEvent, useState } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey, serverMessage } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { formatMoney } from '#contract/money.ts';
import { type SandboxSession, sandboxPaymentSchema } from '#contract/orders.ts';
import { useHydrated } from '#lib/use-hydrated.ts';
import { type SandboxPaymentResult, usePaySandbox } from '../api/pay-sandbox.ts';
import { formatCardNumber, formatCvc, formatExpiry, futureExpiry } from '../utils/card-input.ts';
import { TestCards } from './test-cards.tsx';

interface SandboxPaymentFormProps {
  session: SandboxSession;
  /** Off once the hold has lapsed. */
  open: boolean;
  /** Where the answer sends the buyer (success or error page); the page follows it. */
  onResult(result: SandboxPaymentResult): void;
}

type Formatter = (value: string) => string;

/** Card number, MM/YY, CVC and name, checked with the contract's schema, then charged in the sandbox. */
export function SandboxPaymentForm({ session, open, onResult }: SandboxPaymentFormProps) {
  const hydrated = useHydrated();
  const pay = usePaySandbox(session.sessionId);
  const [leaving, setLeaving] = useState(false);
  const { formRef, values, setValues, errors, field, showErrors, clearError } = useFormFields({
    cardNumber: '',
    expiry: '',
    cvc: '',
    name: '',
  });

  const formatted = (name: keyof typeof values, format: Formatter) => {
    const binding = field(name);
    return {
      ...binding,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = format(event.target.value);
        setValues((current) => ({ ...current, [name]: value }));
        clearError(name);
      },
    };
  };

  const fillCard = (number: string) => {
    setValues((current) => ({
      ...current,
      cardNumber: number,
      expiry: current.expiry || futureExpiry(),
      cvc: current.cvc || '123',
    }));
    for (const name of ['cardNumber', 'expiry', 'cvc']) clearError(name);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = sandboxPaymentSchema.safeParse(values);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0] ?? formErrorKey)] ??= issue.message;
      showErrors(found);
      return;
    }
    pay.mutate(values, {
      onSuccess: (result) => {
        setLeaving(true);
        onResult(result);
      },
      onError: (error) => showErrors({ [formErrorKey]: serverMessage(error) }),
    });
  };

  const busy = pay.isPending || leaving;
  return (
    <div className="space-y-6">
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-4" aria-label="Card details">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          hint="Test mode: use one of the test cards below."
          maxLength={23}
          disabled={!open}
          {...formatted('cardNumber', formatCardNumber)}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            disabled={!open}
            {...formatted('expiry', formatExpiry)}
          />
          <TextField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            disabled={!open}
            {...formatted('cvc', formatCvc)}
          />
        </div>
        <TextField label="Name on card" autoComplete="cc-name" disabled={!open} {...field('name')} />
        {open ? (
          <SubmitButton busy={busy || !hydrated} busyLabel={hydrated ? 'Paying…' : undefined}>
            Pay {formatMoney(session.amount, session.currency)}
          </SubmitButton>
        ) : null}
      </form>
      {open ? <TestCards onUse={fillCard} enabled={hydrated && !busy} /> : null}
    </div>
  );
}
