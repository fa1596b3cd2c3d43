import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { type FieldErrors, formErrorKey, validate } from '#components/fields/form-errors.ts';
import { Spinner } from '#components/submit-button.tsx';
import { offlineMessage } from '#lib/offline-message.ts';
import { toast } from '#lib/toasts.tsx';
import { useResendConfirmationCode } from '../api/resend-confirmation-code.ts';
import { authSchemas } from '../utils/auth-schemas.ts';

export const resendCooldownSeconds = 60;

/** Seconds left until `until` (epoch ms), ticking once a second; 0 once passed. */
function useSecondsUntil(until: number): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    const read = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
    setLeft(read());
    if (read() === 0) return;
    const timer = setInterval(() => {
      const seconds = read();
      setLeft(seconds);
      if (seconds === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

interface ResendCodeButtonProps {
  email: string;
  /** The sign-up's password: the new code goes to the sign-up made with it. */
  password: string;
  /** When the last code was sent (epoch ms), so the cool-down continues from there. */
  sentAt?: number;
  /** Told when the address or password is missing or malformed, to show the messages at their fields. */
  onInvalid?: (errors: FieldErrors) => void;
}

/** "Send a new code", then a 60-second cool-down shown as a countdown. */
export function ResendCodeButton({ email, password, sentAt, onInvalid }: ResendCodeButtonProps) {
  const [until, setUntil] = useState(0);
  useEffect(() => {
    if (sentAt) setUntil(sentAt + resendCooldownSeconds * 1000);
  }, [sentAt]);
  const left = useSecondsUntil(until);
  const resend = useResendConfirmationCode({
    mutationConfig: {
      onSuccess: (_data, variables) => {
        setUntil(Date.now() + resendCooldownSeconds * 1000);
        toast.success(`If ${variables.email} still needs confirming, a new code is on its way.`);
      },
    },
  });

  // The schemas may still be on their way: a second tap meanwhile sends nothing more.
  const checking = useRef(false);
  const send = async () => {
    if (checking.current) return;
    checking.current = true;
    const schemas = await authSchemas.get().catch(() => null);
    checking.current = false;
    if (!schemas) return onInvalid?.({ [formErrorKey]: offlineMessage });
    const checked = validate(schemas.resendConfirmationCodeSchema, { email, password });
    if (checked.ok) resend.mutate(checked.data);
    else onInvalid?.(checked.errors);
  };

  const waiting = left > 0;
  return (
    <button
      type="button"
      onClick={send}
      disabled={waiting || resend.isPending}
      aria-busy={resend.isPending}
      className={`${buttonClass('secondary')} w-full`}
    >
      {resend.isPending ? <Spinner /> : null}
      {resend.isPending ? (
        'Sending…'
      ) : waiting ? (
        <span>
          Send a new code in <span className="tabular-nums">{clock(left)}</span>
        </span>
      ) : (
        'Send a new code'
      )}
    </button>
  );
}
