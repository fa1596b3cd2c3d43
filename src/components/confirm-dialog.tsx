import type { ReactNode } from 'react';
import { buttonClass } from './button.ts';
import { Dialog } from './dialog.tsx';
import { FormAlert } from './fields/form-alert.tsx';
import { Spinner } from './submit-button.tsx';

interface ConfirmDialogProps {
  open: boolean;
  /** Names the dialog's heading and text: `${id}-title`, `${id}-body`. */
  id: string;
  title: ReactNode;
  body: ReactNode;
  /** The server's refusal of the last try, shown above the buttons; null: none. */
  refusal: string | null;
  busy: boolean;
  /** The danger button: "Delete", and what it says while working: "Deleting…". */
  confirmLabel: string;
  busyLabel: string;
  /** The way out that changes nothing: "Keep it". */
  keepLabel?: string;
  /** Another action in the danger button's place, e.g. "Archive it instead" once a delete was refused. */
  instead?: ReactNode;
  onConfirm(): void;
  onClose(): void;
  /** Each time it opens: clear the last refusal. */
  onOpen?(): void;
}

/** Asks before something is deleted or removed: what it means, the way out, and the server's refusal if it says no. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { id, busy } = props;
  return (
    <Dialog
      open={props.open}
      labelledBy={`${id}-title`}
      describedBy={`${id}-body`}
      {...(props.onOpen ? { onOpen: props.onOpen } : {})}
      onClose={props.onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="break-words font-bold text-slate-900 text-xl">
        {props.title}
      </h2>
      <p id={`${id}-body`} className="mt-2 text-slate-700">
        {props.body}
      </p>
      {props.refusal ? (
        <div className="mt-4">
          <FormAlert>{props.refusal}</FormAlert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={props.onClose} disabled={busy}>
          {props.keepLabel ?? 'Keep it'}
        </button>
        {props.instead ?? (
          <button type="button" className={buttonClass('danger')} onClick={props.onConfirm} disabled={busy} aria-busy={busy}>
            {busy ? <Spinner /> : null}
            {busy ? props.busyLabel : props.confirmLabel}
          </button>
        )}
      </div>
    </Dialog>
  );
}
