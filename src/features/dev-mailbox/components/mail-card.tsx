import { Link } from 'react-router';
import { buttonClass } from '#components/button.ts';
import { formatClockSeconds, formatTimestamp } from '#components/format/local-date.ts';
import { formatAgo } from '#components/format/time-ago.ts';
import type { MailboxMessage } from '../api/get-mailbox.ts';

const codePattern = /\b(\d{6})\b/;

/** The in-app path of a confirmation or reset link in the message, if it has one. */
export function appLinkIn(text: string): { path: string; label: string } | null {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    try {
      const url = new URL(match[0]);
      if (url.pathname === '/verify-cognito')
        return { path: `${url.pathname}${url.search}`, label: 'Open the confirmation link' };
      if (url.pathname === '/forgot-password') return { path: `${url.pathname}${url.search}`, label: 'Open the reset link' };
    } catch {
      // not a URL after all
    }
  }
  return null;
}

/** The body with the 6-digit code marked, so it stands out. */
function MarkedText({ text }: { text: string }) {
  const parts = text.split(codePattern);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
          <mark key={index} className="rounded bg-amber-200 px-1 font-bold text-slate-900">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

export function MailCard({ message }: { message: MailboxMessage }) {
  const code = message.text.match(codePattern)?.[1];
  const link = appLinkIn(message.text);
  const sent = new Date(message.createdAt);
  return (
    <article className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <header>
        <h2 className="font-semibold text-lg text-slate-900">{message.subject}</h2>
        <p className="mt-1 break-all text-slate-600 text-sm">
          To <span className="font-medium text-slate-800">{message.to}</span>
        </p>
        <p className="text-slate-600 text-sm">
          <time dateTime={message.createdAt} title={formatTimestamp(sent)}>
            {formatClockSeconds(sent)} · {formatAgo(sent)}
          </time>
        </p>
      </header>
      {code || link ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {code ? (
            <p className="rounded-xl bg-slate-100 px-4 py-2">
              <span className="sr-only">Code </span>
              <span className="font-bold font-mono text-2xl text-slate-900 tracking-[0.3em]">{code}</span>
            </p>
          ) : null}
          {link ? (
            <Link to={link.path} className={buttonClass()}>
              {link.label}
            </Link>
          ) : null}
        </div>
      ) : null}
      <pre className="mt-4 overflow-x-auto whitespace-pre-wrap break-words rounded-xl bg-slate-50 p-4 font-mono text-slate-800 text-sm leading-relaxed ring-1 ring-slate-200">
        <MarkedText text={message.text} />
      </pre>
    </article>
  );
}
