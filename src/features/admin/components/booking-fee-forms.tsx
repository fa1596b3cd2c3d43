import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable } from '#components/data-table/data-table.tsx';
import { fieldRowClass, wideFieldClass } from '#components/fields/field-row.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { serverFieldErrors } from '#components/fields/form-errors.ts';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { formatDateTime } from '#components/format/date-time.ts';
import { SubmitButton } from '#components/submit-button.tsx';
import type { FeeQuote, FeeRule } from '#contract/admin-sales.ts';
import { formatMoney, ticketCurrencies } from '#contract/money.ts';
import { toast } from '#lib/toasts.tsx';
import { useAddFeeRule, useFeeQuote } from '../api/booking-fees.ts';
import { ActionProblem } from './action-problem.tsx';
import { Pill } from './list-filters.tsx';

/** "2.5" (percent) → 250 basis points; "0.49" → 49 minor units. Null when not a number ≥ 0 with at most 2 decimals. */
export function hundredths(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}
const plain = (minor: number) => (minor / 100).toFixed(2);

const ruleText = (rule: Pick<FeeRule, 'percentBasisPoints' | 'fixed' | 'capPerTicket' | 'minPerTicket'>) =>
  `${rule.percentBasisPoints / 100}% + ${plain(rule.fixed)}${rule.minPerTicket === null ? '' : `, at least ${plain(rule.minPerTicket)}`}${rule.capPerTicket === null ? '' : `, at most ${plain(rule.capPerTicket)}`} per paid ticket`;

/** What a rule prices: its currency, or every currency without a rule of its own. */
const scopeText = (currency: string | null) => currency ?? 'Every other currency';

/** Whose orders a rule prices: one organiser's (its fee plan) or every organiser's without a plan. */
const organiserColumn: Column<FeeRule> = {
  id: 'organiser',
  header: 'Organiser',
  cell: (rule) =>
    rule.organizationId ? (
      <Link
        to={`/admin/organisers/${rule.organizationId}`}
        className="font-semibold text-indigo-700 underline underline-offset-2"
      >
        {rule.organizationName ?? 'An organiser'}
      </Link>
    ) : (
      'Every organiser without a plan'
    ),
};

const columns: Column<FeeRule>[] = [
  {
    id: 'from',
    header: 'Effective from',
    cell: (rule) => <time dateTime={rule.effectiveFrom}>{formatDateTime(rule.effectiveFrom, { timeZone: 'UTC' })} UTC</time>,
  },
  { id: 'currency', header: 'Currency', cell: (rule) => scopeText(rule.currency) },
  { id: 'rule', header: 'Fee', cell: (rule) => ruleText(rule) },
  {
    id: 'state',
    header: 'State',
    cell: (rule) => {
      if (rule.current) return <Pill tone="bg-emerald-100 text-emerald-900">In force</Pill>;
      const later = Date.parse(rule.effectiveFrom) > Date.now();
      return (
        <Pill tone={later ? 'bg-sky-100 text-sky-900' : 'bg-slate-100 text-slate-800'}>
          {later ? 'Starts later' : 'Replaced'}
        </Pill>
      );
    },
  },
  {
    id: 'added',
    header: 'Written',
    cell: (rule) => <time dateTime={rule.createdAt}>{formatDateTime(rule.createdAt, { timeZone: 'UTC' })} UTC</time>,
  },
];

/** The rules, latest start first; `withOrganiser` adds whose orders each prices (the platform's list of every rule). */
export function FeeRulesTable({
  rules,
  loading,
  error,
  onRetry,
  withOrganiser = false,
  empty = 'No rule yet: the platform charges no booking fee.',
}: {
  rules: readonly FeeRule[];
  loading: boolean;
  error: string | null;
  onRetry(): void;
  withOrganiser?: boolean;
  empty?: string;
}) {
  return (
    <DataTable
      caption="Booking fee rules"
      captionHidden
      columns={withOrganiser ? [columns[0] as Column<FeeRule>, organiserColumn, ...columns.slice(1)] : columns}
      rows={rules}
      rowKey={(rule) => rule.id}
      loading={loading}
      error={error}
      onRetry={onRetry}
      empty={empty}
    />
  );
}

type RuleErrors = Partial<Record<'percent' | 'fixed' | 'min' | 'cap' | 'effectiveFrom' | 'reason' | 'form', ReactNode>>;

/**
 * Adds a rule that starts later; the history is never rewritten. A rule prices one currency (its amounts in that
 * currency) or every currency that has no rule of its own in force; with `organizationId`, for that organiser's
 * orders only (its fee plan, ahead of the platform's rules).
 */
export function AddFeeRuleForm({ organizationId }: { organizationId?: string }) {
  const add = useAddFeeRule();
  const [errors, setErrors] = useState<RuleErrors>({});
  const [formKey, setFormKey] = useState(0);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const percent = hundredths(text('percent'));
    const fixed = hundredths(text('fixed'));
    const cap = text('cap').trim() ? hundredths(text('cap')) : null;
    const min = text('min').trim() ? hundredths(text('min')) : null;
    const currency = text('currency') || null;
    const from = text('effectiveFrom') ? new Date(text('effectiveFrom')) : null;
    const reason = text('reason').trim();
    const found: RuleErrors = {};
    if (percent === null || percent > 5_000) found.percent = 'A percentage from 0 to 50, e.g. 2.5.';
    if (fixed === null) found.fixed = 'An amount like 0.49 (0 for none).';
    if (text('min').trim() && min === null) found.min = 'An amount like 0.30, or leave it empty.';
    if (text('cap').trim() && cap === null) found.cap = 'An amount like 5.00, or leave it empty.';
    else if (cap !== null && cap < Math.max(fixed ?? 0, min ?? 0))
      found.cap = 'The cap cannot be below the fixed amount or the minimum.';
    if (!from || Number.isNaN(from.getTime())) found.effectiveFrom = 'Choose when it starts.';
    else if (from.getTime() <= Date.now() + 60_000) found.effectiveFrom = 'It must start in the future.';
    if (reason.length < 3) found.reason = 'Give a reason of at least 3 characters.';
    setErrors(found);
    if (Object.keys(found).length > 0 || percent === null || fixed === null || !from) return;
    add
      .mutateAsync({
        percentBasisPoints: percent,
        fixed,
        minPerTicket: min,
        capPerTicket: cap,
        currency,
        ...(organizationId ? { organizationId } : {}),
        effectiveFrom: from.toISOString(),
        reason,
      })
      .then(() => {
        toast.success(
          organizationId
            ? 'The rule joins the fee plan. This organiser’s checkouts use it from its start.'
            : 'The rule is added. Checkouts use it from its start.',
        );
        setFormKey((n) => n + 1);
      })
      .catch((failure: unknown) => {
        const fields = serverFieldErrors(failure);
        setErrors({
          ...(fields.effectiveFrom ? { effectiveFrom: fields.effectiveFrom } : {}),
          ...(fields.capPerTicket ? { cap: fields.capPerTicket } : {}),
          form: <ActionProblem failure={failure} />,
        });
      });
  };
  const message = (value: ReactNode) => (typeof value === 'string' ? value : undefined);
  return (
    <form key={formKey} onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-3">
      <SelectField
        id="fee-rule-currency"
        label="Currency"
        name="currency"
        defaultValue=""
        hint={
          organizationId
            ? 'Amounts are in this currency. For this organiser, a plan rule beats the platform’s, and a currency’s own beats the one for every other.'
            : 'Amounts are in this currency. A currency’s own rule beats the one for every other currency.'
        }
      >
        <option value="">Every other currency</option>
        {ticketCurrencies.map((code) => (
          <option key={code}>{code}</option>
        ))}
      </SelectField>
      <TextField
        label="Percentage of the ticket price"
        name="percent"
        inputMode="decimal"
        placeholder="2.5"
        error={message(errors.percent)}
      />
      <TextField
        label="Fixed amount per paid ticket"
        name="fixed"
        inputMode="decimal"
        placeholder="0.49"
        error={message(errors.fixed)}
      />
      <TextField
        label="Minimum per ticket (optional)"
        name="min"
        inputMode="decimal"
        placeholder="0.30"
        error={message(errors.min)}
      />
      <TextField
        label="Cap per ticket (optional)"
        name="cap"
        inputMode="decimal"
        placeholder="5.00"
        error={message(errors.cap)}
      />
      <TextField label="Starts at (your time)" name="effectiveFrom" type="datetime-local" error={message(errors.effectiveFrom)} />
      <div className="md:col-span-3">
        <TextareaField label="Reason" name="reason" rows={2} maxLength={500} error={message(errors.reason)} />
      </div>
      {errors.form ? (
        <div className="md:col-span-3">
          <FormAlert>{errors.form}</FormAlert>
        </div>
      ) : null}
      <div className="md:col-span-3">
        <SubmitButton busy={add.isPending} inline>
          Add rule
        </SubmitButton>
      </div>
    </form>
  );
}

/**
 * What a buyer pays and the organiser receives for a sample order, computed by the server with the checkout's
 * function; with `organizationId`, priced as that organiser's orders are (its fee plan first).
 */
export function FeeCalculator({ rules, organizationId }: { rules: readonly FeeRule[]; organizationId?: string }) {
  const quote = useFeeQuote();
  const [currency, setCurrency] = useState('GBP');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<FeeQuote | null>(null);
  // A result is for the sample it was asked for: any change to the sample takes it off the page, and an answer
  // that arrives after a change is dropped.
  const asked = useRef(0);
  const changed = () => {
    asked.current += 1;
    setResult(null);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    changed();
    const data = new FormData(event.currentTarget);
    const price = hundredths(String(data.get('price') ?? ''));
    const quantity = Number(data.get('quantity'));
    const ruleId = String(data.get('ruleId') ?? '');
    if (price === null || !Number.isInteger(quantity) || quantity < 1 || quantity > 100) {
      setProblem('Give a ticket price like 25.00 and a quantity from 1 to 100.');
      return;
    }
    setProblem(null);
    const request = asked.current;
    const current = () => request === asked.current;
    quote
      .mutateAsync({
        currency,
        lines: [{ unitPrice: price, quantity }],
        ...(ruleId ? { ruleId } : {}),
        ...(organizationId ? { organizationId } : {}),
      })
      .then((answer) => {
        if (current()) setResult(answer);
      })
      .catch((failure: unknown) => {
        if (current()) setProblem(serverFieldErrors(failure).currency ?? 'The calculation failed; try again.');
      });
  };
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <div className="space-y-4">
      <form onSubmit={submit} onChange={changed} noValidate className="space-y-4">
        <div className={fieldRowClass}>
          <TextField label="Ticket price" name="price" inputMode="decimal" defaultValue="25.00" />
          <TextField label="Tickets" name="quantity" type="number" min={1} max={100} defaultValue="2" />
          <SelectField
            id="fee-quote-currency"
            label="Currency"
            name="currency"
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
          >
            {ticketCurrencies.map((code) => (
              <option key={code}>{code}</option>
            ))}
          </SelectField>
          <div className={wideFieldClass}>
            <SelectField label="Rule" name="ruleId" defaultValue="">
              <option value="">{organizationId ? 'In force now for this organiser' : 'In force now for this currency'}</option>
              {rules
                .filter((rule) => !rule.current)
                .map((rule) => (
                  <option key={rule.id} value={rule.id}>
                    {rule.organizationName && !organizationId ? `${rule.organizationName}, ` : ''}
                    {scopeText(rule.currency)} from {formatDateTime(rule.effectiveFrom, { timeZone: 'UTC' })}: {ruleText(rule)}
                  </option>
                ))}
            </SelectField>
          </div>
        </div>
        <div>
          <SubmitButton busy={quote.isPending} inline variant="secondary">
            Calculate
          </SubmitButton>
        </div>
      </form>
      {problem ? <FormAlert>{problem}</FormAlert> : null}
      {result ? (
        <dl aria-live="polite" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div className="rounded-xl bg-slate-50 p-3">
            <dt className="text-slate-600 text-sm">Tickets</dt>
            <dd className="font-bold text-xl tabular-nums">{money(result.subtotal)}</dd>
          </div>
          <div className="rounded-xl bg-slate-50 p-3">
            <dt className="text-slate-600 text-sm">Booking fee</dt>
            <dd className="font-bold text-xl tabular-nums">{money(result.bookingFee)}</dd>
          </div>
          <div className="rounded-xl bg-indigo-600 p-3 text-white">
            <dt className="text-indigo-100 text-sm">The buyer pays</dt>
            <dd className="font-bold text-xl tabular-nums">{money(result.total)}</dd>
          </div>
          <div className="rounded-xl bg-slate-50 p-3">
            <dt className="text-slate-600 text-sm">The organiser receives</dt>
            <dd className="font-bold text-xl tabular-nums">{money(result.organiserReceives)}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
