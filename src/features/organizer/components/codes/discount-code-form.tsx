import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { buttonClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { useFocusFirstInvalid } from '#components/fields/use-focus-first-invalid.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import { formatCount } from '#contract/count-text.ts';
import type { DiscountCode } from '#contract/discount-codes.ts';
import { toast } from '#lib/toasts.tsx';
import { useGenerateDiscountCodes } from '../../api/generate-discount-codes.ts';
import { type DiscountCodeImport, useImportDiscountCodes } from '../../api/import-discount-codes.ts';
import { useSaveDiscountCode } from '../../api/save-discount-code.ts';
import {
  type CodeFormMode,
  type CodeFormValues,
  checkCodeForm,
  codeToForm,
  emptyCodeForm,
  serverCodeErrors,
} from '../../utils/discount-code-form.ts';
import type { PathErrors } from '../../utils/field-errors.ts';
import { CodeSettingsFields, type CodeTicketType } from './code-settings-fields.tsx';

/** What adding codes gave: made-up codes to hand out, or what a file gave. */
export type CodeFormOutcome =
  | { kind: 'saved' }
  | { kind: 'generated'; codes: string[] }
  | { kind: 'imported'; fileName: string; result: DiscountCodeImport };

interface DiscountCodeFormProps {
  eventId: string;
  mode: CodeFormMode;
  /** The code being changed (mode `edit`). */
  code?: DiscountCode;
  types: readonly CodeTicketType[];
  currency: string;
  timeZone: string;
  onDone(outcome: CodeFormOutcome): void;
  onCancel(): void;
  /** Asks to delete the code being changed. */
  onDelete?(): void;
}

const titles: Record<CodeFormMode, string> = {
  one: 'New code',
  many: 'Make many codes',
  import: 'Import codes from a file',
  edit: 'Change code',
};

const intros: Record<CodeFormMode, string> = {
  one: 'A code buyers type at checkout, such as SPRING-10.',
  many: 'Unique codes that start the same and share these settings, e.g. one for each guest of a partner.',
  import: 'A code from the first column of each line of a CSV file, all with these settings.',
  edit: 'The code’s text stays as it is, since buyers may have it already.',
};

/** The largest CSV file the server takes, as text. */
const maxCsvBytes = 300_000;

/** One code, many made-up codes, codes from a CSV file, or a code’s changed settings: checked here as the server will. */
export function DiscountCodeForm(props: DiscountCodeFormProps) {
  const { eventId, mode, code, types, currency, timeZone, onDone, onCancel, onDelete } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const context = { currency, timeZone };
  const [values, setValues] = useState<CodeFormValues>(() => (code ? codeToForm(code, context) : emptyCodeForm));
  const [errors, setErrors] = useState<PathErrors>({});
  const save = useSaveDiscountCode(eventId);
  const generate = useGenerateDiscountCodes(eventId);
  const importCodes = useImportDiscountCodes(eventId);
  const busy = save.isPending || generate.isPending || importCodes.isPending;

  const change = (patch: Partial<CodeFormValues>, field: string) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      if (!(field in current) && !(formErrorKey in current)) return current;
      const { [field]: _field, [formErrorKey]: _form, ...rest } = current;
      return rest;
    });
  };
  const show = (next: PathErrors) => {
    setErrors(next);
    focusFirstInvalid();
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return change({ csv: '', fileName: '' }, 'csv');
    if (file.size > maxCsvBytes) {
      change({ csv: '', fileName: '' }, 'csv');
      setErrors((current) => ({ ...current, csv: 'Choose a file of at most 300 KB, or split it in two.' }));
      return;
    }
    change({ csv: await file.text(), fileName: file.name }, 'csv');
  };

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    const check = checkCodeForm(mode, values, context, code?.archived ?? false);
    if (!check.ok) return show(check.errors);
    const refused = (error: unknown) => show(serverCodeErrors(error));
    const { request } = check;
    if (request.mode === 'one') {
      save.mutate(
        { codeId: null, input: request.body },
        {
          onSuccess: (saved) => {
            toast.success(`Code ${saved.code} created.`);
            onDone({ kind: 'saved' });
          },
          onError: refused,
        },
      );
    } else if (request.mode === 'edit' && code) {
      save.mutate(
        { codeId: code.id, input: request.body },
        {
          onSuccess: (saved) => {
            toast.success(`Code ${saved.code} saved.`);
            onDone({ kind: 'saved' });
          },
          onError: refused,
        },
      );
    } else if (request.mode === 'many') {
      generate.mutate(request.body, { onSuccess: ({ codes }) => onDone({ kind: 'generated', codes }), onError: refused });
    } else if (request.mode === 'import') {
      importCodes.mutate(request.body, {
        onSuccess: (result) => onDone({ kind: 'imported', fileName: values.fileName, result }),
        onError: refused,
      });
    }
  };

  const count = Number(values.count);
  const action = {
    one: 'Create code',
    many: Number.isInteger(count) && count > 0 ? `Make ${formatCount(count)} codes` : 'Make codes',
    import: 'Import codes',
    edit: 'Save changes',
  }[mode];
  const busyLabel = { one: 'Creating…', many: 'Making codes…', import: 'Importing…', edit: 'Saving…' }[mode];

  return (
    <section aria-labelledby="code-form-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="code-form-title" className="font-bold text-lg text-slate-900">
        {mode === 'edit' && code ? (
          <>
            Change code <span className="break-all font-mono">{code.code}</span>
          </>
        ) : (
          titles[mode]
        )}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{intros[mode]}</p>
      <form ref={formRef} noValidate onSubmit={submit} className="mt-5 space-y-5" aria-labelledby="code-form-title">
        {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
        {mode === 'one' ? (
          <TextField
            label="Code"
            name="code"
            value={values.code}
            error={errors.code}
            onChange={(event) => change({ code: event.target.value }, 'code')}
            maxLength={40}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="SPRING-10"
            hint="Letters, digits, dashes and underscores. Buyers can type it in capitals or not."
          />
        ) : null}
        {mode === 'many' ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Start each code with"
              name="prefix"
              value={values.prefix}
              error={errors.prefix}
              onChange={(event) => change({ prefix: event.target.value }, 'prefix')}
              maxLength={20}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="PARTNER-"
              hint="Optional. Random characters follow it."
            />
            <TextField
              label="How many codes"
              name="count"
              value={values.count}
              error={errors.count}
              onChange={(event) => change({ count: event.target.value }, 'count')}
              inputMode="numeric"
              autoComplete="off"
              hint="Up to 2,000 at once."
            />
          </div>
        ) : null}
        {mode === 'import' ? (
          <div>
            <label htmlFor="field-csv" className="block font-medium text-slate-800">
              CSV file
            </label>
            <input
              id="field-csv"
              name="csv"
              type="file"
              accept=".csv,text/csv,text/plain"
              aria-invalid={errors.csv ? true : undefined}
              aria-describedby={`field-csv-hint${errors.csv ? ' field-csv-error' : ''}`}
              onChange={(event) => void chooseFile(event)}
              className="mt-1.5 block w-full min-w-0 text-slate-700 text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-indigo-50 file:px-4 file:font-semibold file:text-indigo-800 hover:file:bg-indigo-100"
            />
            <p id="field-csv-hint" className="mt-1.5 text-slate-600 text-sm">
              One code at the start of each line; other columns are ignored, and a first line reading “code” is skipped.
            </p>
            {errors.csv ? (
              <p id="field-csv-error" className="mt-1.5 font-medium text-red-700 text-sm">
                {errors.csv}
              </p>
            ) : null}
          </div>
        ) : null}
        <CodeSettingsFields
          values={values}
          errors={errors}
          change={change}
          types={types}
          currency={currency}
          timeZone={timeZone}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {mode === 'edit' && onDelete ? (
            <button
              type="button"
              className={`${buttonClass('danger')} w-full sm:mr-auto sm:w-auto`}
              onClick={onDelete}
              disabled={busy}
            >
              Delete code
            </button>
          ) : null}
          <button type="button" className={`${buttonClass('secondary')} w-full sm:w-auto`} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <div className="sm:w-auto">
            <SubmitButton busy={busy} busyLabel={busyLabel} inline>
              {action}
            </SubmitButton>
          </div>
        </div>
      </form>
    </section>
  );
}
