import { useState } from 'react';
import { ConfirmDialog } from '#components/confirm-dialog.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import type { AttendeeMessage } from '#contract/attendee-messages.ts';
import { formatCount } from '#contract/count-text.ts';
import { toast } from '#lib/toasts.tsx';
import { useStopMessage } from '../../api/stop-message.ts';

interface StopMessageDialogProps {
  eventId: string;
  /** The message to stop; null: closed. */
  message: AttendeeMessage | null;
  onClose(): void;
}

/** Asks before a message stops: nobody else receives it, and it cannot be started again. */
export function StopMessageDialog({ eventId, message, onClose }: StopMessageDialogProps) {
  const stop = useStopMessage(eventId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const reached = message?.delivery.sent ?? 0;
  const confirm = () => {
    if (!message) return;
    stop.mutate(message.id, {
      onSuccess: () => {
        toast.success(`“${message.subject}” is stopped: nobody else receives it.`);
        onClose();
      },
      onError: (error) => setRefusal(serverMessage(error)),
    });
  };
  return (
    <ConfirmDialog
      open={message !== null}
      id="stop-message"
      title={`Stop “${message?.subject ?? ''}”?`}
      body={
        message?.status === 'sending'
          ? `Nobody else receives it. ${formatCount(reached)} ${reached === 1 ? 'person has' : 'people have'} it already. It cannot be started again: write a new message instead.`
          : 'It will not go to anyone. It cannot be started again: write a new message instead.'
      }
      refusal={refusal}
      busy={stop.isPending}
      confirmLabel="Stop the message"
      busyLabel="Stopping…"
      keepLabel="Let it go on"
      onConfirm={confirm}
      onOpen={() => setRefusal(null)}
      onClose={onClose}
    />
  );
}
