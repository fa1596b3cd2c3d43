import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CodeField } from '../../../components/fields/code-field.tsx';
import { FormAlert } from '../../../components/fields/form-alert.tsx';
import { formErrorKey } from '../../../components/fields/form-errors.ts';
import { useFormFields } from '../../../components/fields/use-form-fields.ts';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { confirmCaseEmailSchema } from '../../../contract/help-cases.ts';
import { useConfirmCaseEmail } from '../api/case-calls.ts';
import { keepCaseAccess } from '../utils/case-access.ts';

/** The code mailed to a guest: entering it confirms their address, opens the case and shows it. */
export function ConfirmCaseCodeForm({ reference, email }: { reference: string; email: string }) {
  const form = useFormFields({ code: '' });
  const confirm = useConfirmCaseEmail();
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const data = form.validateWith(confirmCaseEmailSchema, { reference, email, code: form.values.code });
    if (!data) return;
    confirm.mutate(data, {
      onSuccess: (access) => {
        keepCaseAccess(access.caseId, access.accessKey);
        navigate(`/help-desk/case-details?case=${access.caseId}`);
      },
      onError: (error) => form.showServerErrors(error, ['code']),
    });
  };
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4">
      {form.errors[formErrorKey] ? <FormAlert>{form.errors[formErrorKey]}</FormAlert> : null}
      <CodeField label="Code from the email" {...form.field('code')} />
      <SubmitButton busy={confirm.isPending} busyLabel="Checking…">
        Confirm and open my case
      </SubmitButton>
    </form>
  );
}
