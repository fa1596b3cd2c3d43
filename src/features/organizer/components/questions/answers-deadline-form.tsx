import { type FormEvent, useRef, useState } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { type FieldErrors, formErrorKey, formErrorsFrom } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { useFocusFirstInvalid } from '#components/fields/use-focus-first-invalid.ts';
import { formatDateTime } from '#components/format/date-time.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import type { QuestionSettings } from '#contract/questions.ts';
import { toast } from '#lib/toasts.tsx';
import { useSaveQuestionSettings } from '../../api/save-question-settings.ts';
import { isoToZonedLocal, zonedLocalToIso } from '../../utils/zoned-time.ts';

interface AnswersDeadlineFormProps {
  eventId: string;
  timeZone: string;
  settings: QuestionSettings;
}

/** Until when buyers may correct their answers on their booking page, on the event's clock, and how long they are kept. */
export function AnswersDeadlineForm({ eventId, timeZone, settings }: AnswersDeadlineFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [until, setUntil] = useState(() => isoToZonedLocal(settings.answersEditableUntil, timeZone));
  const [keptDays, setKeptDays] = useState(() => (settings.answersKeptDays === null ? '' : String(settings.answersKeptDays)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveQuestionSettings(eventId);

  const show = (next: FieldErrors) => {
    setErrors(next);
    focusFirstInvalid();
  };
  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const local = until.trim();
    const iso = local === '' ? null : zonedLocalToIso(local, timeZone);
    if (local !== '' && iso === null) return show({ answersEditableUntil: 'Enter a full date and time, or leave it blank.' });
    const days = keptDays.trim();
    if (days !== '' && !/^\d+$/.test(days)) return show({ answersKeptDays: 'Enter a whole number of days, or leave it blank.' });
    save.mutate(
      { answersEditableUntil: iso, answersKeptDays: days === '' ? null : Number(days) },
      {
        onSuccess: ({ settings: saved }) => {
          setErrors({});
          toast.success(
            saved.answersEditableUntil
              ? `Buyers may correct their answers until ${formatDateTime(saved.answersEditableUntil, { timeZone })}.`
              : 'Saved: answers cannot be changed once the order is placed.',
          );
        },
        onError: (error) => show(formErrorsFrom(error, ['answersEditableUntil', 'answersKeptDays'])),
      },
    );
  };

  return (
    <section aria-labelledby="answers-deadline-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="answers-deadline-title" className="font-bold text-lg text-slate-900">
        Correcting and keeping answers
      </h2>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-4 space-y-5" aria-labelledby="answers-deadline-title">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        <div className="max-w-sm">
          <TextField
            label="Buyers may correct answers until"
            name="answersEditableUntil"
            type="datetime-local"
            value={until}
            error={errors.answersEditableUntil}
            hint={`On the event’s clock (${timeZone}). Blank: answers cannot be changed after booking.`}
            onChange={(event) => {
              setUntil(event.target.value);
              setErrors({});
            }}
          />
        </div>
        <div className="max-w-sm">
          <TextField
            label="Delete the answers this many days after the event"
            name="answersKeptDays"
            inputMode="numeric"
            value={keptDays}
            error={errors.answersKeptDays}
            hint="Answers are personal data: keep them no longer than you need them. Blank: kept with their order."
            onChange={(event) => {
              setKeptDays(event.target.value);
              setErrors({});
            }}
          />
        </div>
        <div className="sm:flex sm:justify-end">
          <SubmitButton busy={save.isPending} busyLabel="Saving…" inline>
            Save
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
