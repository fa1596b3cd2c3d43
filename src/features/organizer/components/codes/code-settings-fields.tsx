import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { SelectField } from '#components/fields/select-field.tsx';
import { TextField } from '#components/fields/text-field.tsx';
import type { CodeFormKind, CodeFormValues } from '../../utils/discount-code-form.ts';
import type { PathErrors } from '../../utils/field-errors.ts';

export interface CodeTicketType {
  id: string;
  name: string;
  hidden: boolean;
}

interface CodeSettingsFieldsProps {
  values: CodeFormValues;
  errors: PathErrors;
  change(patch: Partial<CodeFormValues>, field: string): void;
  types: readonly CodeTicketType[];
  currency: string;
  timeZone: string;
}

const kindChoices: { value: CodeFormKind; label: string }[] = [
  { value: 'percent', label: 'A percentage off each ticket' },
  { value: 'amount', label: 'An amount off' },
  { value: 'price', label: 'A fixed ticket price' },
  { value: 'none', label: 'No discount: it only shows hidden tickets' },
];

const valueLabels: Record<Exclude<CodeFormKind, 'none'>, (currency: string) => string> = {
  percent: () => 'Percentage off',
  amount: (currency) => `Amount off (${currency})`,
  price: (currency) => `Ticket price with the code (${currency})`,
};

const toggled = (ids: readonly string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((one) => one !== id));

/** What a code takes off, which tickets it concerns, its limits and its dates: shared by every way of adding codes. */
export function CodeSettingsFields({ values, errors, change, types, currency, timeZone }: CodeSettingsFieldsProps) {
  const text = (field: 'value' | 'maxUses' | 'maxUsesPerBuyer' | 'minQuantity' | 'startsAt' | 'endsAt' | 'note') => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }, field),
  });
  const hidden = types.filter((type) => type.hidden);
  const discounted = values.kind !== 'none';

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Discount"
          name="kind"
          value={values.kind}
          error={errors.kind}
          onChange={(event) => change({ kind: event.target.value as CodeFormKind }, 'kind')}
        >
          {kindChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        {values.kind === 'none' ? null : (
          <TextField
            label={valueLabels[values.kind](currency)}
            inputMode={values.kind === 'percent' ? 'numeric' : 'decimal'}
            autoComplete="off"
            placeholder={values.kind === 'percent' ? '10' : '5.00'}
            hint={
              values.kind === 'percent'
                ? 'From 1 to 100.'
                : values.kind === 'price'
                  ? 'Never more than the ticket’s own price.'
                  : null
            }
            {...text('value')}
          />
        )}
      </div>
      {values.kind === 'amount' ? (
        <ChoiceGroup name="perOrder" legend="Taken off" error={errors.perOrder}>
          <Choice
            type="radio"
            name="perOrder"
            label="Each ticket"
            checked={!values.perOrder}
            onChange={() => change({ perOrder: false }, 'perOrder')}
          />
          <Choice
            type="radio"
            name="perOrder"
            label="The order, once (shared between its tickets)"
            checked={values.perOrder}
            onChange={() => change({ perOrder: true }, 'perOrder')}
          />
        </ChoiceGroup>
      ) : null}
      {discounted ? (
        <ChoiceGroup name="ticketTypeIds" legend="Ticket types it takes money off" error={errors.ticketTypeIds}>
          <Choice
            type="radio"
            name="allTypes"
            label="All ticket types"
            checked={values.allTypes}
            onChange={() => change({ allTypes: true }, 'ticketTypeIds')}
          />
          <Choice
            type="radio"
            name="allTypes"
            label="Only the ticket types I choose"
            checked={!values.allTypes}
            onChange={() => change({ allTypes: false }, 'ticketTypeIds')}
          />
          {values.allTypes ? null : (
            <div className="ml-8 border-slate-200 border-l-2 pl-3">
              {types.map((type) => (
                <Choice
                  key={type.id}
                  type="checkbox"
                  name="ticketTypeIds"
                  label={type.hidden ? `${type.name} (hidden)` : type.name}
                  checked={values.ticketTypeIds.includes(type.id)}
                  invalid={Boolean(errors.ticketTypeIds)}
                  onChange={(on) => change({ ticketTypeIds: toggled(values.ticketTypeIds, type.id, on) }, 'ticketTypeIds')}
                />
              ))}
            </div>
          )}
        </ChoiceGroup>
      ) : null}
      <ChoiceGroup
        name="unlocksTicketTypeIds"
        legend="Hidden tickets it shows"
        hint={
          hidden.length
            ? 'Buyers who enter the code can choose these tickets, which the event page does not list.'
            : 'This event has no hidden ticket types. Mark a ticket type Hidden in the event editor to sell it only to people with a code.'
        }
        error={errors.unlocksTicketTypeIds}
      >
        {hidden.map((type) => (
          <Choice
            key={type.id}
            type="checkbox"
            name="unlocksTicketTypeIds"
            label={type.name}
            checked={values.unlocksTicketTypeIds.includes(type.id)}
            invalid={Boolean(errors.unlocksTicketTypeIds)}
            onChange={(on) =>
              change({ unlocksTicketTypeIds: toggled(values.unlocksTicketTypeIds, type.id, on) }, 'unlocksTicketTypeIds')
            }
          />
        ))}
      </ChoiceGroup>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Total uses" inputMode="numeric" autoComplete="off" hint="Blank: no limit." {...text('maxUses')} />
        <TextField
          label="Uses per buyer"
          inputMode="numeric"
          autoComplete="off"
          hint="Blank: no limit."
          {...text('maxUsesPerBuyer')}
        />
        <TextField
          label="Minimum tickets"
          inputMode="numeric"
          autoComplete="off"
          hint="In the order, for the discount to apply."
          {...text('minQuantity')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Usable from"
          type="datetime-local"
          hint={`Optional, on the event’s clock (${timeZone}).`}
          {...text('startsAt')}
        />
        <TextField label="Usable until" type="datetime-local" hint="Optional. Blank: until sales end." {...text('endsAt')} />
      </div>
      <TextField
        label="Note"
        maxLength={200}
        autoComplete="off"
        hint="Optional. Only your team sees it, e.g. who the code is for."
        {...text('note')}
      />
    </>
  );
}
