import type { UseMutationResult } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { errorEnvelope } from '#components/fields/form-errors.ts';
import { formatDateTime } from '#components/format/date-time.ts';
import { attachmentAccept, attachmentTooLargeMessage, maxAttachmentBytes } from '#contract/help-case-terms.ts';
import type { AttachmentLink, CaseAttachment } from '#contract/help-cases.ts';
import { navigateTo } from '#lib/external-navigation.ts';

const sizeLabel = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`;

/** What is wrong with a file before it is sent, or null; the server reads the type from the bytes again. */
export function fileProblem(file: File): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > maxAttachmentBytes) return `${file.name}: ${attachmentTooLargeMessage}`;
  return null;
}

interface CaseFilesProps {
  files: CaseAttachment[];
  canAttach: boolean;
  upload: UseMutationResult<CaseAttachment[], Error, File>;
  link: UseMutationResult<AttachmentLink, Error, string>;
  /** Choices shown beside the picker (the agents' "agents only"). */
  attachOptions?: ReactNode;
}

/** A case's files, each downloaded through a short-lived link, and a picker that attaches one at once. */
export function CaseFiles({ files, canAttach, upload, link, attachOptions }: CaseFilesProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setDone(null);
    const early = fileProblem(file);
    setProblem(early);
    if (early) return;
    upload.mutate(file, {
      onSuccess: () => setDone(`${file.name} is attached.`),
      onError: (error) => setProblem(errorEnvelope(error)?.message ?? 'The file could not be attached. Try again.'),
    });
  };
  const download = (attachmentId: string) =>
    link.mutate(attachmentId, {
      onSuccess: ({ url }) => navigateTo(url),
      onError: () => setProblem('That file could not be opened. Reload the page and try again.'),
    });
  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${inputId}-heading`} className="font-semibold text-slate-900">
        Files
      </h2>
      {files.length === 0 ? (
        <p className="text-slate-600 text-sm">No files yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="break-all font-medium text-slate-900">
                  {file.filename}
                  {file.internal ? (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900 text-xs">
                      Agents only
                    </span>
                  ) : null}
                </p>
                <p className="text-slate-600 text-xs">
                  {file.contentType === 'application/pdf' ? 'PDF' : 'Image'} · {sizeLabel(file.size)} · {file.authorName} ·{' '}
                  {formatDateTime(file.createdAt)}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass('secondary', 'small')}
                onClick={() => download(file.id)}
                disabled={link.isPending}
              >
                Download
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      {canAttach ? (
        <div>
          {attachOptions}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={attachmentAccept}
            className="sr-only"
            onChange={choose}
            aria-describedby={`${inputId}-hint`}
          />
          <label htmlFor={inputId} className={`${buttonClass('secondary', 'small')} cursor-pointer`} aria-busy={upload.isPending}>
            {upload.isPending ? 'Attaching…' : 'Attach a file'}
          </label>
          <p id={`${inputId}-hint`} className="mt-1 text-slate-600 text-xs">
            An image (JPEG, PNG, WebP) or a PDF, up to 5 MB. Never send card numbers or passwords.
          </p>
        </div>
      ) : null}
    </section>
  );
}
