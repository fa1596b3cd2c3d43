import { type FormEvent, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { useFormFields } from '#components/fields/use-form-fields.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { caseStateLabels } from '#contract/help-case-terms.ts';
import type { CustomerCase } from '#contract/help-cases.ts';
import { useCaseAction, useCaseFiles } from '../api/case-calls.ts';
import { caseSchemas } from '../utils/case-schemas.ts';
import { CaseFiles } from './case-files.tsx';
import { CaseThread } from './case-thread.tsx';

/** The case as its owner sees it: the public thread, its state, a reply box and "mark resolved". */
export function CustomerCaseView({ item }: { item: CustomerCase }) {
  const form = useFormFields({ body: '' }, { schemas: caseSchemas });
  const action = useCaseAction(item.id);
  const files = useCaseFiles(item.id);
  const [notice, setNotice] = useState<string | null>(null);
  const reply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.isPending) return;
    const data = await form.checkWith((schemas) => schemas.caseReplySchema);
    if (!data) return;
    action.mutate(
      { kind: 'reply', body: data.body },
      {
        onSuccess: () => {
          form.setValues({ body: '' });
          setNotice('Reply sent. We will answer by email.');
        },
        onError: (error) => form.showServerErrors(error),
      },
    );
  };
  const resolve = () =>
    action.mutate(
      { kind: 'resolve' },
      {
        onSuccess: () => setNotice('Marked as resolved. Reply within 14 days if you need us again.'),
        onError: (error) => form.showServerErrors(error),
      },
    );
  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p className="font-semibold text-indigo-700 text-sm">
          {item.reference} · {item.categoryTitle}
        </p>
        <h1 className="break-words font-extrabold text-3xl text-slate-900">{item.subject}</h1>
        <p className="text-slate-700">
          Status: <strong data-testid="case-state">{caseStateLabels[item.state]}</strong>
        </p>
      </header>
      <CaseThread messages={item.messages} />
      <CaseFiles files={item.attachments} canAttach={item.canReply} upload={files.upload} link={files.link} />
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {item.canReply ? (
        <form ref={form.formRef} onSubmit={reply} noValidate className="space-y-4">
          {form.errors[formErrorKey] ? <FormAlert>{form.errors[formErrorKey]}</FormAlert> : null}
          <TextareaField
            label="Your reply"
            rows={5}
            maxLength={5000}
            {...form.field('body')}
            onChange={(event) => form.field('body').onChange(event as never)}
          />
          <div className="flex flex-wrap gap-2">
            <SubmitButton busy={action.isPending} inline>
              Send reply
            </SubmitButton>
            {item.state === 'resolved' ? null : (
              <button type="button" className={buttonClass('secondary')} onClick={resolve} disabled={action.isPending}>
                Mark as resolved
              </button>
            )}
          </div>
        </form>
      ) : (
        <FormAlert tone="info">
          This case is closed. If you need more help, raise a new case and mention {item.reference}.
        </FormAlert>
      )}
    </div>
  );
}
