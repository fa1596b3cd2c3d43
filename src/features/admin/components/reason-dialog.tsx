import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { SubmitButton } from '#components/submit-button.tsx';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  /** The server's refusal, shown in the dialog. */
  problem: ReactNode;
  onConfirm(reason: string): void;
  onClose(): void;
  /** More fields above the reason (tickets to refund, a corrected name). */
  children?: ReactNode;
}

/** Asks for the reason an admin action records (and the person affected may see) before it is done. */
export function ReasonDialog({
  open,
  title,
  description,
  confirmLabel,
  busy,
  problem,
  onConfirm,
  onClose,
  children,
}: ReasonDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError('Give a reason of at least 3 characters.');
      return;
    }
    onConfirm(reason.trim());
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      onOpen={() => {
        setReason('');
        setError(undefined);
      }}
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-6">
        <h2 id={`${id}-title`} className="font-bold text-lg text-slate-900">
          {title}
        </h2>
        <p id={`${id}-text`} className="text-slate-600">
          {description}
        </p>
        {children}
        <TextareaField
          // Its own id: a page may hold several of these dialogs (suspend, act as user), each with a reason.
          id={`${id}-reason`}
          label="Reason"
          name="reason"
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
        {problem ? <FormAlert>{problem}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={busy} inline>
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
