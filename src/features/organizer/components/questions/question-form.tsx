import { type FormEvent, useRef, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { useFocusFirstInvalid } from '#components/fields/use-focus-first-invalid.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { hasOptions, type Question, type QuestionKind, questionKindNames, questionKinds } from '#contract/questions.ts';
import { toast } from '#lib/toasts.tsx';
import { useSaveQuestion } from '../../api/save-question.ts';
import { type PathErrors, withoutPath } from '../../utils/field-errors.ts';
import {
  checkQuestionForm,
  emptyQuestionForm,
  type QuestionFormValues,
  questionToForm,
  serverQuestionErrors,
} from '../../utils/question-form.ts';
import { OptionsEditor } from './options-editor.tsx';

/** A ticket type as the question editor names it. */
export interface QuestionTicketType {
  id: string;
  name: string;
}

interface QuestionFormProps {
  eventId: string;
  /** The question being changed; absent when adding. */
  question?: Question;
  types: readonly QuestionTicketType[];
  onDone(): void;
  onCancel(): void;
}

const toggled = (ids: readonly string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((one) => one !== id));

/** A question buyers are asked at checkout: checked here as the server will check it. */
export function QuestionForm({ eventId, question, types, onDone, onCancel }: QuestionFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [values, setValues] = useState<QuestionFormValues>(() => (question ? questionToForm(question) : emptyQuestionForm()));
  const [errors, setErrors] = useState<PathErrors>({});
  const save = useSaveQuestion(eventId);

  const change = (patch: Partial<QuestionFormValues>, field: string) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutPath(current, field));
  };
  const show = (next: PathErrors) => {
    setErrors(next);
    focusFirstInvalid();
  };
  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const check = checkQuestionForm(values);
    if (!check.ok) return show(check.errors);
    save.mutate(
      { questionId: question?.id ?? null, fields: check.input },
      {
        onSuccess: (saved) => {
          toast.success(`“${saved.label}” saved.`);
          onDone();
        },
        onError: (error) => show(serverQuestionErrors(error)),
      },
    );
  };

  return (
    <section aria-labelledby="question-form-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="question-form-title" className="break-words font-bold text-lg text-slate-900">
        {question ? 'Change the question' : 'Add a question'}
      </h2>
      {question && question.answers > 0 ? (
        <p className="mt-1 text-slate-600 text-sm">
          Answers already given keep the question as it was asked; changes apply to new orders.
        </p>
      ) : null}
      <form ref={formRef} noValidate onSubmit={submit} className="mt-5 space-y-5" aria-labelledby="question-form-title">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <TextField
          label="Question"
          name="label"
          value={values.label}
          error={errors.label}
          maxLength={200}
          autoComplete="off"
          placeholder="Any dietary needs?"
          onChange={(event) => change({ label: event.target.value }, 'label')}
        />
        <TextareaField
          label="Help text"
          name="help"
          rows={2}
          value={values.help}
          error={errors.help}
          maxLength={500}
          hint="Optional. A line under the question, e.g. why you ask."
          onChange={(event) => change({ help: event.target.value }, 'help')}
        />
        <SelectField
          label="Answer"
          name="kind"
          value={values.kind}
          error={errors.kind}
          onChange={(event) => change({ kind: event.target.value as QuestionKind }, 'kind')}
        >
          {questionKinds.map((kind) => (
            <option key={kind} value={kind}>
              {questionKindNames[kind]}
            </option>
          ))}
        </SelectField>
        {hasOptions(values.kind) ? (
          <OptionsEditor options={values.options} errors={errors} onChange={(options, field) => change({ options }, field)} />
        ) : null}
        <ChoiceGroup name="scope" legend="Asked" error={errors.scope}>
          <Choice
            type="radio"
            name="scope"
            label="Once per order"
            checked={values.scope === 'order'}
            onChange={() => change({ scope: 'order' }, 'scope')}
          />
          <Choice
            type="radio"
            name="scope"
            label="For each ticket"
            checked={values.scope === 'attendee'}
            onChange={() => change({ scope: 'attendee' }, 'scope')}
          />
        </ChoiceGroup>
        <ChoiceGroup
          name="ticketTypeIds"
          legend="Ticket types"
          hint="Asked only for these. None ticked: asked for every ticket type."
          error={errors.ticketTypeIds}
        >
          {types.map((type) => (
            <Choice
              key={type.id}
              type="checkbox"
              name="ticketTypeIds"
              label={type.name}
              checked={values.ticketTypeIds.includes(type.id)}
              onChange={(on) => change({ ticketTypeIds: toggled(values.ticketTypeIds, type.id, on) }, 'ticketTypeIds')}
            />
          ))}
        </ChoiceGroup>
        <ChoiceGroup
          name="question-flags"
          legend="Settings"
          hint={
            `${values.kind === 'yes_no' ? 'A required box must be ticked to book, e.g. “I accept the code of conduct”. ' : ''}` +
            'Shown at the door, the answer appears in the door’s attendee search.'
          }
        >
          <Choice
            type="checkbox"
            name="required"
            label="Required"
            checked={values.required}
            onChange={(required) => change({ required }, 'required')}
          />
          <Choice
            type="checkbox"
            name="showAtDoor"
            label="Show at the door"
            checked={values.showAtDoor}
            onChange={(showAtDoor) => change({ showAtDoor }, 'showAtDoor')}
          />
        </ChoiceGroup>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            className={`${buttonClass('secondary')} w-full sm:w-auto`}
            onClick={onCancel}
            disabled={save.isPending}
          >
            Cancel
          </button>
          <div className="sm:w-auto">
            <SubmitButton busy={save.isPending} busyLabel="Saving…" inline>
              {question ? 'Save changes' : 'Add the question'}
            </SubmitButton>
          </div>
        </div>
      </form>
    </section>
  );
}
