import { useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { Dialog } from '#components/dialog.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import type { WaitingEntryView } from '#contract/waiting-list.ts';
import { useLeaveWaitingList } from '../api/leave-waiting-list.ts';

interface LeaveDialogProps {
  open: boolean;
  token: string;
  /** Letting an offer's places go reads differently from leaving the queue. */
  offered: boolean;
  onLeft(entry: WaitingEntryView): void;
  onClose(): void;
}

/** Asks before a person leaves the list: their place in the queue, or the places held for them, go to the next person. */
export function LeaveDialog({ open, token, offered, onLeft, onClose }: LeaveDialogProps) {
  const leave = useLeaveWaitingList();
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = leave.isPending;
  const confirm = () =>
    leave.mutate(token, {
      onSuccess: (entry) => {
        onLeft(entry);
        onClose();
      },
      onError: (error) => setRefusal(serverMessage(error)),
    });
  return (
    <Dialog
      open={open}
      labelledBy="leave-title"
      describedBy="leave-body"
      onOpen={() => setRefusal(null)}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id="leave-title" className="font-bold text-slate-900 text-xl">
        {offered ? 'Let these tickets go?' : 'Leave the waiting list?'}
      </h2>
      <p id="leave-body" className="mt-2 text-slate-700">
        {offered
          ? 'The places held for you go to the next person in the queue, and you leave the waiting list.'
          : 'You lose your place in the queue. You can join again while tickets are sold out, at the back of the queue.'}
      </p>
      {refusal ? (
        <div className="mt-4">
          <FormAlert>{refusal}</FormAlert>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass('secondary')} onClick={onClose} disabled={busy}>
          {offered ? 'Keep them' : 'Stay on the list'}
        </button>
        <button type="button" className={buttonClass('danger')} onClick={confirm} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : null}
          {busy ? 'Leaving…' : offered ? 'Let them go' : 'Leave the list'}
        </button>
      </div>
    </Dialog>
  );
}
