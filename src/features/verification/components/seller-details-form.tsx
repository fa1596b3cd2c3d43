import { type FormEvent, useState } from 'react';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { FormCard } from '#components/fields/form-card.tsx';
import { type FieldErrors, issuesToFieldErrors, serverFieldErrors, serverMessage } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { SubmitButton } from '#components/submit-button.tsx';
import { isoDateToSeconds, secondsToIsoDate } from '#contract/date-of-birth.ts';
import { bankAccountSchema, sandboxTestValues, type Verification, verificationDetailsSchema } from '#contract/verification.ts';
import { toast } from '#lib/toasts.tsx';
import { useSaveVerification } from '../api/verification.ts';

export const countries: [string, string][] = [
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['PT', 'Portugal'],
  ['SE', 'Sweden'],
  ['DK', 'Denmark'],
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['AU', 'Australia'],
];

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/** Who the seller is (and, in the sandbox, the bank account), checked with the contract's schema before it is sent. */
export function SellerDetailsForm({ verification, editable }: { verification: Verification; editable: boolean }) {
  const save = useSaveVerification();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const sandbox = verification.provider === 'sandbox';
  const details = verification.details ?? {};
  const birth = details.representativeDateOfBirth;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const detailValues = {
      sellerType: text(form, 'sellerType'),
      legalName: text(form, 'legalName'),
      country: text(form, 'country'),
      addressLine: text(form, 'addressLine'),
      city: text(form, 'city'),
      postalCode: text(form, 'postalCode'),
      representativeDateOfBirth: isoDateToSeconds(text(form, 'representativeDateOfBirth')),
      taxId: text(form, 'taxId'),
    };
    const found: FieldErrors = {};
    const parsedDetails = verificationDetailsSchema.safeParse(detailValues);
    if (!parsedDetails.success) Object.assign(found, issuesToFieldErrors(parsedDetails.error.issues));
    const accountNumber = text(form, 'accountNumber');
    // A bank account already given need not be typed again; a new number replaces it.
    const bankGiven = sandbox && (accountNumber !== '' || !verification.bankAccount);
    const bankValues = { accountHolder: text(form, 'accountHolder'), sortCode: text(form, 'sortCode'), accountNumber };
    if (bankGiven) {
      const parsedBank = bankAccountSchema.safeParse(bankValues);
      if (!parsedBank.success) Object.assign(found, issuesToFieldErrors(parsedBank.error.issues));
    }
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length) return;
    save.mutate(
      {
        organizationId: verification.organizationId,
        body: { details: detailValues as never, ...(bankGiven ? { bankAccount: bankValues } : {}) },
      },
      {
        onSuccess: () => toast.success('Your details are saved.'),
        onError: (failure) => {
          const fields = serverFieldErrors(failure);
          // `details.legalName` and `bankAccount.sortCode` name the field after their group.
          const byName: FieldErrors = {};
          for (const item of (failure as { response?: { data?: { errors?: { path: string; message: string }[] } } }).response
            ?.data?.errors ?? []) {
            const name = item.path.split('.').at(-1);
            if (name) byName[name] ??= item.message;
          }
          setErrors({ ...fields, ...byName });
          setProblem(serverMessage(failure));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label="Seller details">
      <FormCard id="seller-title" title="Who is selling" intro="As on your official documents. Buyers never see these details.">
        <fieldset disabled={!editable} className="space-y-5">
          <SelectField
            name="sellerType"
            label="Seller type"
            defaultValue={details.sellerType ?? 'individual'}
            error={errors.sellerType}
          >
            <option value="individual">An individual (sole trader)</option>
            <option value="company">A company or charity</option>
          </SelectField>
          <TextField
            name="legalName"
            label="Legal name"
            defaultValue={details.legalName ?? ''}
            error={errors.legalName}
            autoComplete="name"
          />
          <SelectField name="country" label="Country" defaultValue={details.country ?? 'GB'} error={errors.country}>
            {countries.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </SelectField>
          <TextField
            name="addressLine"
            label="Address"
            defaultValue={details.addressLine ?? ''}
            error={errors.addressLine}
            autoComplete="street-address"
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              name="city"
              label="Town or city"
              defaultValue={details.city ?? ''}
              error={errors.city}
              autoComplete="address-level2"
            />
            <TextField
              name="postalCode"
              label="Postcode"
              defaultValue={details.postalCode ?? ''}
              error={errors.postalCode}
              autoComplete="postal-code"
            />
          </div>
          <TextField
            name="representativeDateOfBirth"
            type="date"
            label="Representative’s date of birth"
            hint={`The person who runs the organisation and answers for it.${sandbox ? ` TEST MODE: born ${sandboxTestValues.failingBirthDate} fails.` : ''}`}
            defaultValue={birth !== undefined ? secondsToIsoDate(birth) : ''}
            error={errors.representativeDateOfBirth}
          />
          <TextField
            name="taxId"
            label="Tax id"
            hint={
              sandbox
                ? `TEST MODE: ${sandboxTestValues.taxIdPasses} passes, ${sandboxTestValues.taxIdNeedsMore} is asked for more.`
                : 'A VAT number, company number or personal tax reference.'
            }
            defaultValue={details.taxId ?? ''}
            error={errors.taxId}
          />
        </fieldset>
      </FormCard>

      {sandbox ? (
        <FormCard
          id="bank-title"
          title="Bank account for payouts"
          intro={
            verification.bankAccount
              ? `Saved: sort code ${verification.bankAccount.sortCode}, account ending ${verification.bankAccount.last4}${verification.bankAccount.status === 'failed' ? ' — this account cannot receive payouts' : ''}. Type a new number to replace it.`
              : 'Where the money from ticket sales is paid. Only the last four digits are kept.'
          }
        >
          <fieldset disabled={!editable} className="space-y-5">
            <TextField
              name="accountHolder"
              label="Account holder"
              defaultValue={verification.bankAccount?.accountHolder ?? ''}
              error={errors.accountHolder}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                name="sortCode"
                label="Sort code"
                inputMode="numeric"
                defaultValue={verification.bankAccount?.sortCode ?? ''}
                error={errors.sortCode}
              />
              <TextField
                name="accountNumber"
                label="Account number"
                inputMode="numeric"
                autoComplete="off"
                hint={`TEST MODE: ${sandboxTestValues.accountPasses} receives payouts, ${sandboxTestValues.accountFails} refuses them (sort code ${sandboxTestValues.sortCode}).`}
                error={errors.accountNumber}
              />
            </div>
          </fieldset>
        </FormCard>
      ) : null}

      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {editable ? (
        <SubmitButton busy={save.isPending} busyLabel="Saving…" inline>
          Save details
        </SubmitButton>
      ) : null}
    </form>
  );
}
