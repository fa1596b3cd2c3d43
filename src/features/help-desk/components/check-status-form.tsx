import { type FormEvent, useState } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { useCheckStatus } from '../api/case-calls.ts';
import { caseSchemas } from '../utils/case-schemas.ts';

/** A reference and an email; the answer never says whether such a case exists. */
export function CheckStatusForm() {
  const form = useFormFields({ reference: '', email: '' }, { schemas: caseSchemas });
  const check = useCheckStatus();
  const [sent, setSent] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.isPending) return;
    const data = await form.checkWith((schemas) => schemas.checkStatusSchema);
    if (data) check.mutate(data, { onSuccess: () => setSent(true), onError: (error) => form.showServerErrors(error) });
  };
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-5">
      {sent ? (
        <FormAlert tone="success">
          If a case with that reference exists for that email, we have sent a link to it. The link works once and for 24 hours.
        </FormAlert>
      ) : null}
      {form.errors[formErrorKey] ? <FormAlert>{form.errors[formErrorKey]}</FormAlert> : null}
      <TextField
        label="Case reference"
        placeholder="HD-ABCD-EFGH-JKLM"
        autoCapitalize="characters"
        autoComplete="off"
        hint="It is in the subject of every email about your case."
        {...form.field('reference')}
      />
      <TextField label="Email you raised it with" type="email" autoComplete="email" {...form.field('email')} />
      <SubmitButton busy={check.isPending} busyLabel="Sending…">
        Email me a link
      </SubmitButton>
    </form>
  );
}
