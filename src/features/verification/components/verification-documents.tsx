import { type FormEvent, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { FormCard } from '#components/fields/form-card.tsx';
import { serverMessage } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { formatDay } from '#components/format/date-time.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import {
  documentKindLabels,
  documentTooLargeMessage,
  maxDocumentBytes,
  type Verification,
  type VerificationDocumentKind,
  verificationDocumentKindSchema,
} from '#contract/verification.ts';
import { fileErrorMessage } from '#lib/download-file.ts';
import { toast } from '#lib/toasts.tsx';
import { downloadDocument, useUploadDocument } from '../api/verification.ts';

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The documents sent (each downloadable by the owner alone), and a form to send another. */
export function VerificationDocuments({ verification, editable }: { verification: Verification; editable: boolean }) {
  const upload = useUploadDocument();
  const [problem, setProblem] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('document');
    const kind = String(form.get('kind')) as VerificationDocumentKind;
    setProblem(null);
    if (!(file instanceof File) || file.size === 0) return setProblem('Choose a file to upload.');
    if (file.size > maxDocumentBytes) return setProblem(documentTooLargeMessage);
    upload.mutate(
      { organizationId: verification.organizationId, kind, file },
      {
        onSuccess: () => {
          toast.success('Your document is uploaded.');
          setInputKey((key) => key + 1);
        },
        onError: (failure) => setProblem(serverMessage(failure)),
      },
    );
  };

  const download = (documentId: string, fileName: string) => {
    downloadDocument(verification.organizationId, documentId, fileName).catch(async (failure: unknown) =>
      toast.error((await fileErrorMessage(failure)) ?? serverMessage(failure)),
    );
  };

  return (
    <FormCard
      id="documents-title"
      title="Identity documents"
      intro="A passport, ID card or driving licence of the representative; a company also sends its registration. PDF, JPEG, PNG or WebP, up to 5MB each. They are kept privately: only your organisation’s owners and Admit’s reviewers can open them."
    >
      {verification.documents.length ? (
        <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
          {verification.documents.map((document) => (
            <li key={document.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="break-all font-semibold text-slate-900">{document.fileName}</p>
                <p className="text-slate-600 text-sm">
                  {documentKindLabels[document.kind]} · {kb(document.sizeBytes)} · {formatDay(document.uploadedAt)}
                </p>
              </div>
              <button
                type="button"
                className={buttonClass('secondary', 'small')}
                onClick={() => download(document.id, document.fileName)}
              >
                Download<span className="sr-only"> {document.fileName}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600 text-sm">No documents yet.</p>
      )}
      {editable ? (
        <form onSubmit={submit} className="space-y-4" aria-label="Upload a document">
          <SelectField name="kind" label="What it is" defaultValue="identity">
            {verificationDocumentKindSchema.options.map((kind) => (
              <option key={kind} value={kind}>
                {documentKindLabels[kind]}
              </option>
            ))}
          </SelectField>
          <div>
            <label htmlFor="field-document" className="block font-medium text-slate-800">
              File
            </label>
            <input
              key={inputKey}
              id="field-document"
              name="document"
              type="file"
              accept="application/pdf,image/jpeg,image/png,image/webp"
              className="mt-1.5 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:py-2.5 file:font-semibold file:text-indigo-800"
            />
          </div>
          {problem ? <FormAlert>{problem}</FormAlert> : null}
          <SubmitButton busy={upload.isPending} busyLabel="Uploading…" variant="secondary" inline>
            Upload document
          </SubmitButton>
        </form>
      ) : null}
    </FormCard>
  );
}
