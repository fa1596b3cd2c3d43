import { type FormEvent, useId, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { SubmitButton } from '#components/submit-button.tsx';

interface RequestMoreDialogProps {
  open: boolean;
  organisation: string;
  busy: boolean;
  problem: string | null;
  onConfirm(input: { what: string; deadlineDays: number }): void;
  onClose(): void;
}

/** Asks what the organiser must still send, and by when; the organiser is mailed both. */
export function RequestMoreDialog({ open, organisation, busy, problem, onConfirm, onClose }: RequestMoreDialogProps) {
  const id = useId();
  const [what, setWhat] = useState('');
  const [days, setDays] = useState('14');
  const [errors, setErrors] = useState<{ what?: string; days?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const deadlineDays = Number(days);
    const found = {
      ...(what.trim().length < 3 ? { what: 'Say what is missing.' } : {}),
      ...(!Number.isInteger(deadlineDays) || deadlineDays < 1 || deadlineDays > 90 ? { days: 'Between 1 and 90 days.' } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length === 0) onConfirm({ what: what.trim(), deadlineDays });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      onOpen={() => {
        setWhat('');
        setDays('14');
        setErrors({});
      }}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="font-bold text-lg text-slate-900">
          Ask {organisation} for more
        </h2>
        <p id={`${id}-text`} className="text-slate-600">
          The owners are mailed what is missing and the deadline; paid tickets stay off sale until it is approved.
        </p>
        <TextareaField
          label="What is missing"
          name="what"
          rows={3}
          maxLength={500}
          value={what}
          onChange={(event) => setWhat(event.target.value)}
          error={errors.what}
        />
        <TextField
          label="Days to send it"
          name="deadlineDays"
          type="number"
          min={1}
          max={90}
          value={days}
          onChange={(event) => setDays(event.target.value)}
          error={errors.days}
        />
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={busy} inline>
            Ask for more
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
