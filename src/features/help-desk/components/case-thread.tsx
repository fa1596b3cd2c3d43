import { formatDateTime } from '#components/format/date-time.ts';

interface ThreadMessage {
  id: string;
  author: 'customer' | 'agent';
  authorName: string;
  body: string;
  createdAt: string;
  internal?: boolean;
}

/** A case's messages, oldest first, as plain text (never markup); internal notes marked for agents. */
export function CaseThread({ messages }: { messages: ThreadMessage[] }) {
  return (
    <ol className="space-y-3">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`rounded-xl border p-4 ${
            message.internal
              ? 'border-amber-300 bg-amber-50'
              : message.author === 'agent'
                ? 'border-indigo-200 bg-indigo-50'
                : 'border-slate-200 bg-white'
          }`}
        >
          <p className="flex flex-wrap justify-between gap-2 text-slate-600 text-sm">
            <span className="font-semibold text-slate-900">
              {message.authorName}
              {message.internal ? ' · internal note' : ''}
            </span>
            <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}
