import {
  type CreateEvent,
  createEventSchema,
  type Event,
  type EventCategory,
  salesWindowProblems,
  ticketTypeInputSchema,
  type UpdateEvent,
} from '#contract/events.ts';
import { minorUnitDigits } from '#contract/money.ts';
import type { RefundNoticeUnit, RefundPolicy, RefundPolicyKind } from '#contract/refund-policy.ts';
import { type PathErrors, validateByPath } from './field-errors.ts';
import { majorTextToMinor, minorToMajorText } from './money-input.ts';
import { isoToZonedLocal, zonedLocalToIso } from './zoned-time.ts';

/** A ticket type as its row of inputs holds it: text as typed, the id when it is already saved. */
export interface TicketRowValues {
  /** Identifies the row while it is edited; never sent. */
  key: string;
  id: string | null;
  name: string;
  description: string;
  price: string;
  currency: string;
  capacity: string;
  minPerOrder: string;
  maxPerOrder: string;
  salesStart: string;
  salesEnd: string;
  hidden: boolean;
  /** Tickets of this type already sold: such a row can be hidden, not removed. */
  sold: number;
}

export interface VenueValues {
  name: string;
  address: string;
  city: string;
  country: string;
  latitude: string;
  longitude: string;
}

/** The refund policy as its inputs hold it (decision 067); kind '' while the organiser has not chosen one. */
export interface RefundValues {
  kind: RefundPolicyKind | '';
  notice: string;
  unit: RefundNoticeUnit;
  fee: 'none' | 'percent' | 'fixed';
  percent: string;
  amount: string;
  text: string;
}

export const emptyRefund: RefundValues = {
  kind: '',
  notice: '48',
  unit: 'hours',
  fee: 'none',
  percent: '',
  amount: '',
  text: '',
};

/** The policy's inputs from a saved policy; a fixed fee shown in the currency it is charged in. */
export function refundToForm(policy: RefundPolicy | null): RefundValues {
  if (!policy) return emptyRefund;
  if (policy.kind === 'none') return { ...emptyRefund, kind: 'none' };
  if (policy.kind === 'custom') return { ...emptyRefund, kind: 'custom', text: policy.text };
  const fee = policy.fee;
  return {
    ...emptyRefund,
    kind: 'until_before_start',
    notice: String(policy.notice),
    unit: policy.unit,
    fee: fee?.kind ?? 'none',
    percent: fee?.kind === 'percent' ? String(fee.percent) : '',
    amount: fee?.kind === 'fixed' ? minorToMajorText(fee.amount, minorUnitDigits(fee.currency)) : '',
  };
}

/**
 * The policy the inputs make, for the request body (undefined while none is chosen), and messages for what cannot be
 * converted; the schema judges the rest. A fixed fee is in the tickets' currency.
 */
export function refundFromForm(values: RefundValues, currency: string, errors: PathErrors): unknown {
  switch (values.kind) {
    case '':
      return undefined;
    case 'none':
      return { kind: 'none' };
    case 'custom':
      return { kind: 'custom', text: values.text };
    case 'until_before_start': {
      const notice = /^\s*-?\d+\s*$/.test(values.notice) ? Number(values.notice) : Number.NaN;
      if (Number.isNaN(notice)) errors['refundPolicy.notice'] = 'Enter a whole number.';
      let fee: unknown = null;
      if (values.fee === 'percent') {
        const percent = /^\s*-?\d+\s*$/.test(values.percent) ? Number(values.percent) : Number.NaN;
        if (Number.isNaN(percent)) errors['refundPolicy.fee.percent'] = 'Enter a whole percentage, such as 5.';
        fee = { kind: 'percent', percent };
      } else if (values.fee === 'fixed') {
        const amount = majorTextToMinor(values.amount, minorUnitDigits(currency));
        if (amount === null) errors['refundPolicy.fee.amount'] = 'Enter an amount such as 2.50.';
        fee = { kind: 'fixed', amount: amount ?? Number.NaN, currency };
      }
      return { kind: 'until_before_start', notice, unit: values.unit, fee };
    }
  }
}

/** The event editor's values: what the inputs show, in the event's own time zone. */
export interface EventFormValues {
  title: string;
  summary: string;
  description: string;
  category: EventCategory | '';
  coverImageKey: string | null;
  coverImageUrl: string | null;
  timezone: string;
  startsAt: string;
  endsAt: string;
  isOnline: boolean;
  onlineUrl: string;
  venue: VenueValues;
  ticketTypes: TicketRowValues[];
  /** The door admits TEST tickets. */
  testMode: boolean;
  refund: RefundValues;
  /** Buyers may cancel within the policy themselves (decision 068). */
  buyerCancellation: boolean;
  /** Holders may pass tickets on and correct names (decision 069), until `transferCutoff` hours before the start. */
  transfers: boolean;
  transferCutoff: string;
}

let rowCount = 0;
const rowKey = () => {
  rowCount += 1;
  return `ticket-row-${rowCount}`;
};

export function emptyTicketRow(currency = 'GBP'): TicketRowValues {
  return {
    key: rowKey(),
    id: null,
    name: '',
    description: '',
    price: '',
    currency,
    capacity: '',
    minPerOrder: '1',
    maxPerOrder: '10',
    salesStart: '',
    salesEnd: '',
    hidden: false,
    sold: 0,
  };
}

const emptyVenue: VenueValues = { name: '', address: '', city: '', country: '', latitude: '', longitude: '' };

/** A new event: in person, one ticket type to fill in, the zone given (the browser's, once known). */
export function emptyEventForm(timezone: string): EventFormValues {
  return {
    title: '',
    summary: '',
    description: '',
    category: '',
    coverImageKey: null,
    coverImageUrl: null,
    timezone,
    startsAt: '',
    endsAt: '',
    isOnline: false,
    onlineUrl: '',
    venue: emptyVenue,
    ticketTypes: [emptyTicketRow()],
    testMode: false,
    refund: emptyRefund,
    buyerCancellation: true,
    transfers: true,
    transferCutoff: '0',
  };
}

const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function eventToForm(event: Event): EventFormValues {
  const zone = event.timezone;
  return {
    title: event.title,
    summary: event.summary,
    description: event.description,
    category: event.category,
    coverImageKey: event.coverImageKey,
    coverImageUrl: event.coverImageUrl,
    timezone: zone,
    startsAt: isoToZonedLocal(event.startsAt, zone),
    endsAt: isoToZonedLocal(event.endsAt, zone),
    isOnline: event.isOnline,
    onlineUrl: event.onlineUrl ?? '',
    venue: event.venue
      ? {
          name: event.venue.name,
          address: event.venue.address,
          city: event.venue.city,
          country: event.venue.country,
          latitude: numberText(event.venue.latitude),
          longitude: numberText(event.venue.longitude),
        }
      : emptyVenue,
    ticketTypes: event.ticketTypes.map((type) => ({
      key: rowKey(),
      id: type.id,
      name: type.name,
      description: type.description,
      price: minorToMajorText(type.price, minorUnitDigits(type.currency)),
      currency: type.currency,
      capacity: String(type.capacity),
      minPerOrder: String(type.minPerOrder),
      maxPerOrder: String(type.maxPerOrder),
      salesStart: isoToZonedLocal(type.salesStart, zone),
      salesEnd: isoToZonedLocal(type.salesEnd, zone),
      hidden: type.hidden,
      sold: type.taken ?? Math.max(type.capacity - type.available, 0),
    })),
    testMode: event.testMode,
    refund: refundToForm(event.refundPolicy),
    buyerCancellation: event.buyerCancellation,
    transfers: event.transferCutoffHours !== null,
    transferCutoff: String(event.transferCutoffHours ?? 0),
  };
}

/** Whole numbers only; NaN (with a message from the caller) otherwise. */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** Hours before the start that changes of holder close, null while they are not allowed (decision 069). */
function transferCutoffFromForm(values: Pick<EventFormValues, 'transfers' | 'transferCutoff'>, errors: PathErrors) {
  if (!values.transfers) return null;
  const hours = wholeNumber(values.transferCutoff);
  if (Number.isNaN(hours)) errors.transferCutoffHours = 'Give the hours as a whole number (0: until the start).';
  return Number.isNaN(hours) ? undefined : hours;
}

/**
 * The request body the values make, and the messages for what cannot be converted (a price that is
 * not an amount, an incomplete date): the schema then judges the rest.
 */
export function formToInput(values: EventFormValues, organizationId: string): { input: unknown; errors: PathErrors } {
  const errors: PathErrors = {};
  const zone = values.timezone;
  if (!zone) errors.timezone = 'Choose the time zone of the venue.';
  if (!values.category) errors.category = 'Choose a category.';
  const instant = (path: string, local: string, required: string | null) => {
    if (!local.trim()) {
      if (required) errors[path] = required;
      return null;
    }
    const iso = zone ? zonedLocalToIso(local, zone) : null;
    if (!iso && zone) errors[path] = 'Enter a full date and time.';
    return iso;
  };
  const startsAt = instant('startsAt', values.startsAt, 'Enter when the event starts.');
  const endsAt = instant('endsAt', values.endsAt, 'Enter when the event ends.');
  // The schema checks this only once every other field is valid; say it at once.
  if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) errors.endsAt = 'The end must be after the start.';
  const { venue } = values;
  const latitude = optionalNumber(venue.latitude);
  const longitude = optionalNumber(venue.longitude);
  if (Number.isNaN(latitude)) errors['venue.latitude'] = 'Enter a number, such as 53.4808.';
  if (Number.isNaN(longitude)) errors['venue.longitude'] = 'Enter a number, such as -2.2426.';

  const ticketTypes = values.ticketTypes.map((row, index) => {
    const at = (field: string) => `ticketTypes.${index}.${field}`;
    const price = majorTextToMinor(row.price, minorUnitDigits(row.currency));
    if (price === null) errors[at('price')] = 'Enter a price such as 12.50, or 0 for free.';
    for (const field of ['capacity', 'minPerOrder', 'maxPerOrder'] as const) {
      if (Number.isNaN(wholeNumber(row[field]))) errors[at(field)] = 'Enter a whole number.';
    }
    return {
      ...(row.id ? { id: row.id } : {}),
      name: row.name,
      description: row.description,
      price: price ?? Number.NaN,
      currency: row.currency,
      capacity: wholeNumber(row.capacity),
      minPerOrder: wholeNumber(row.minPerOrder),
      maxPerOrder: wholeNumber(row.maxPerOrder),
      salesStart: instant(at('salesStart'), row.salesStart, null),
      salesEnd: instant(at('salesEnd'), row.salesEnd, null),
      hidden: row.hidden,
    };
  });
  // The schema checks the sales windows only once every ticket type is valid; say it at once, at the field.
  if (endsAt) {
    for (const { path, message } of salesWindowProblems(endsAt, ticketTypes)) errors[`ticketTypes.${path.join('.')}`] ??= message;
  }

  const input = {
    organizationId,
    title: values.title,
    summary: values.summary,
    description: values.description,
    category: values.category || undefined,
    coverImageKey: values.coverImageKey,
    startsAt: startsAt ?? undefined,
    endsAt: endsAt ?? undefined,
    timezone: zone,
    isOnline: values.isOnline,
    onlineUrl: values.isOnline ? values.onlineUrl.trim() || null : null,
    venue: values.isOnline
      ? null
      : { name: venue.name, address: venue.address, city: venue.city, country: venue.country, latitude, longitude },
    ticketTypes,
    testMode: values.testMode,
    refundPolicy: refundFromForm(values.refund, values.ticketTypes[0]?.currency ?? 'GBP', errors),
    buyerCancellation: values.buyerCancellation,
    transferCutoffHours: transferCutoffFromForm(values, errors),
  };
  return { input, errors };
}

/**
 * The values checked with the contract's create schema (the whole event, place rule included), the
 * same one the server applies. Messages are keyed by full path; conversion messages come first.
 */
export function validateEventForm(
  values: EventFormValues,
  organizationId: string,
): { ok: true; data: CreateEvent } | { ok: false; errors: PathErrors } {
  const { input, errors: conversion } = formToInput(values, organizationId);
  const result = validateByPath(createEventSchema, input);
  if (result.ok && Object.keys(conversion).length === 0) return result;
  // Each row on its own too: a row's cross-field rules (max ≥ min, sales end after start) then show
  // even while another field of the event is still wrong.
  const rowErrors: PathErrors = {};
  (input as { ticketTypes: unknown[] }).ticketTypes.forEach((row, index) => {
    const checked = validateByPath(ticketTypeInputSchema, row);
    if (!checked.ok)
      for (const [path, message] of Object.entries(checked.errors)) rowErrors[`ticketTypes.${index}.${path}`] ??= message;
  });
  const errors = { ...rowErrors, ...(result.ok ? {} : result.errors), ...conversion };
  // The place rule is reported at `venue`; for an online event the missing piece is the link.
  if (values.isOnline && errors.venue) {
    errors.onlineUrl ??= 'Add the link ticket holders will use to join.';
    delete errors.venue;
  }
  return { ok: false, errors };
}

/** A PATCH body: the whole event, without the organisation it already belongs to. */
export function toUpdate({ organizationId: _organizationId, refundPolicy, ...changes }: CreateEvent): UpdateEvent {
  // A policy once set is changed, never removed: an event that has none leaves it out.
  return refundPolicy ? { ...changes, refundPolicy } : changes;
}

const maxTitle = 120;

/** A new draft with the saved event's fields and ticket types, titled "Copy of …". */
export function duplicateInput(event: Event, organizationId: string): CreateEvent {
  return createEventSchema.parse({
    organizationId,
    title: `Copy of ${event.title}`.slice(0, maxTitle),
    summary: event.summary,
    description: event.description,
    category: event.category,
    coverImageKey: event.coverImageKey,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timezone: event.timezone,
    isOnline: event.isOnline,
    onlineUrl: event.onlineUrl,
    venue: event.venue,
    ticketTypes: event.ticketTypes.map((type) => ({
      name: type.name,
      description: type.description,
      price: type.price,
      currency: type.currency,
      capacity: type.capacity,
      minPerOrder: type.minPerOrder,
      maxPerOrder: type.maxPerOrder,
      salesStart: type.salesStart,
      salesEnd: type.salesEnd,
      hidden: type.hidden,
    })),
    refundPolicy: event.refundPolicy,
    buyerCancellation: event.buyerCancellation,
    transferCutoffHours: event.transferCutoffHours,
  });
}

/** Whether any ticket type on the form costs money (publishing those needs a verified organisation). */
export function hasPaidTickets(values: EventFormValues): boolean {
  return values.ticketTypes.some((row) => {
    const price = majorTextToMinor(row.price, minorUnitDigits(row.currency));
    return price !== null && price > 0;
  });
}
