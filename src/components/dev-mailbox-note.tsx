import { Link } from 'react-router';
import { useBootState } from '../lib/public-config.tsx';

/**
 * On a local instance that sends no mail, where the mail it would have sent is read instead; nothing elsewhere.
 * `what`: what the person is waiting for ("your code").
 */
export function DevMailboxNote({ what, className = '' }: { what: string; className?: string }) {
  if (!useBootState().config.devMailbox) return null;
  return (
    <p className={`rounded-xl border border-amber-300 border-dashed bg-amber-50 px-4 py-3 text-amber-900 text-sm ${className}`}>
      This local copy of Admit sends no email: read {what} in the{' '}
      <Link to="/dev/mailbox" className="font-semibold underline underline-offset-4">
        development mailbox
      </Link>
      , which keeps every email it would have sent.
    </p>
  );
}
