import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { CodeField } from '#components/fields/code-field.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { useApiCaller } from '#lib/api-caller.tsx';
import { attachAll, useConfirmCaseEmail } from '../api/case-calls.ts';
import { keepCaseAccess } from '../utils/case-access.ts';
import { caseSchemas } from '../utils/case-schemas.ts';
import { releaseCaseFiles } from '../utils/raised-case-step.ts';

/**
 * The code mailed to a guest: entering it confirms their address, opens the case, attaches the files chosen with
 * it and shows it (or says which files were refused first).
 */
export function ConfirmCaseCodeForm({ reference, email, files }: { reference: string; email: string; files: File[] }) {
  const form = useFormFields({ code: '' }, { schemas: caseSchemas });
  const confirm = useConfirmCaseEmail();
  const navigate = useNavigate();
  const api = useApiCaller();
  const [attaching, setAttaching] = useState(false);
  const [refused, setRefused] = useState<{ caseId: string; problems: string[] } | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending || attaching) return;
    const data = await form.checkWith((schemas) => schemas.confirmCaseEmailSchema, { reference, email, code: form.values.code });
    if (!data) return;
    confirm.mutate(data, {
      onSuccess: async (access) => {
        keepCaseAccess(access.caseId, access.accessKey);
        releaseCaseFiles(reference);
        setAttaching(files.length > 0);
        const problems = await attachAll(api, access.caseId, files);
        setAttaching(false);
        if (problems.length) setRefused({ caseId: access.caseId, problems });
        // The code is used up: the case takes its place, so Back does not offer the spent step again.
        else navigate(`/help-desk/case-details?case=${access.caseId}`, { replace: true });
      },
      onError: (error) => form.showServerErrors(error, ['code']),
    });
  };
  if (refused) {
    return (
      <div className="space-y-4">
        <FormAlert>Your case is open, but some files were not attached. {refused.problems.join(' ')}</FormAlert>
        <Link to={`/help-desk/case-details?case=${refused.caseId}`} className={buttonClass('primary')}>
          Open my case
        </Link>
      </div>
    );
  }
  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4">
      {form.errors[formErrorKey] ? <FormAlert>{form.errors[formErrorKey]}</FormAlert> : null}
      <CodeField label="Code from the email" {...form.field('code')} />
      <SubmitButton busy={confirm.isPending || attaching} busyLabel={attaching ? 'Attaching your files…' : 'Checking…'}>
        Confirm and open my case
      </SubmitButton>
    </form>
  );
}
