import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass, linkClass } from '#components/button.ts';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { FormCard } from '#components/fields/form-card.tsx';
import type { Event } from '#contract/events.ts';
import type { Organization } from '#contract/users.ts';
import { canSellPaidTickets } from '#contract/verification.ts';
import { type ActionProblem, useEventActions } from '../../hooks/use-event-actions.ts';
import { useEventForm } from '../../hooks/use-event-form.ts';
import { emptyEventForm, eventToForm, hasPaidTickets } from '../../utils/event-form.ts';
import { CapacitySummary } from '../capacity/capacity-summary.tsx';
import { ImagePicker } from '../image-picker.tsx';
import { BasicsFields } from './basics-fields.tsx';
import { CancelEventDialog } from './cancel-event-dialog.tsx';
import { DescriptionField, type MarkdownPreview } from './description-field.tsx';
import { ManageEvent, SaveBar } from './editor-actions.tsx';
import { EditorHeader } from './editor-header.tsx';
import { KycNotice, ProblemAlert } from './editor-notices.tsx';
import { LeaveWarning } from './leave-warning.tsx';
import { LocationFields } from './location-fields.tsx';
import { RefundPolicyFields } from './refund-policy-fields.tsx';
import { ScheduleFields } from './schedule-fields.tsx';
import { TestModeField } from './test-mode-field.tsx';
import { TicketTypesFields } from './ticket-types-fields.tsx';
import { TransferFields } from './transfer-fields.tsx';

interface EventEditorProps {
  /** The saved event; null while creating one. */
  event: Event | null;
  organization: Organization;
  /** Owners and managers edit; other members see the event read-only. */
  canEdit: boolean;
  mapsApiKey: string | null;
  Preview: MarkdownPreview;
  /** When the page was loaded, so "ended" reads the same on the server and while hydrating. */
  asOf: number;
  initialProblem?: ActionProblem | null;
}

/** Create and edit an event: the contract's schema checks every save, the server has the last word. */
export function EventEditor({ event, organization, canEdit, mapsApiKey, Preview, asOf, initialProblem }: EventEditorProps) {
  const form = useEventForm(() => (event ? eventToForm(event) : emptyEventForm(organization.timezone ?? '')));
  const actions = useEventActions({ event, organizationId: organization.id, form, initialProblem });
  const [confirmingCancel, setConfirmingCancel] = useState(false);

  const readOnly = !canEdit || event?.status === 'cancelled';
  const ended = event ? Date.parse(event.endsAt) <= asOf : false;
  const needsKyc = canEdit && !canSellPaidTickets(organization) && hasPaidTickets(form.values);
  const submit = (submitted: FormEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    void actions.save();
  };
  const confirmCancel = async () => {
    await actions.cancel();
    setConfirmingCancel(false);
  };

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <LeaveWarning isDirty={form.isDirty} />
      <EditorHeader event={event} ended={ended} canManageCodes={canEdit} />
      {canEdit ? null : (
        <FormAlert tone="info">
          Only owners and managers of {organization.name} can change events. You can look at this one.
        </FormAlert>
      )}
      {event?.status === 'cancelled' ? (
        <FormAlert tone="info">
          This event is cancelled and can no longer be changed. Duplicate it to start a new draft.
          {canEdit ? (
            <span className="mt-3 flex flex-col items-start gap-2 sm:flex-row sm:items-center">
              <Link to={`/organizer/events/${event.id}/messages?compose=everyone`} className={buttonClass('secondary', 'small')}>
                Message everyone
              </Link>
              <span>Tell the people holding tickets what happens now, such as refunds or a new date.</span>
            </span>
          ) : null}
        </FormAlert>
      ) : null}
      {actions.problem ? <ProblemAlert problem={actions.problem} /> : null}
      {needsKyc ? <KycNotice status={organization.kycStatus} payoutsEnabled={organization.payoutsEnabled} /> : null}

      <form ref={form.formRef} noValidate onSubmit={submit} className="space-y-6" aria-label={event ? 'Edit event' : 'New event'}>
        {form.formError ? (
          <div data-form-message tabIndex={-1}>
            <FormAlert>{form.formError}</FormAlert>
          </div>
        ) : null}
        <fieldset disabled={readOnly} className="min-w-0 space-y-6">
          <FormCard id="basics-title" title="Basics">
            <BasicsFields form={form} />
          </FormCard>
          <FormCard id="description-title" title="About the event" intro="What people will read on the event page.">
            <DescriptionField form={form} Preview={Preview} />
          </FormCard>
          <FormCard id="cover-title" title="Cover image">
            <ImagePicker
              label="Cover image"
              organizationId={organization.id}
              uploadName="event-cover"
              shape="wide"
              hideLabel
              hint="A wide picture (16:9) looks best. JPEG, PNG or WebP, up to 5 MB after compression."
              imageUrl={form.values.coverImageUrl}
              error={form.errors.coverImageKey}
              disabled={readOnly}
              onUploaded={(picture) => {
                form.set('coverImageKey', picture.key);
                form.set('coverImageUrl', picture.url);
              }}
              onRemove={() => {
                form.set('coverImageKey', null);
                form.set('coverImageUrl', null);
              }}
            />
          </FormCard>
          <FormCard id="when-title" title="Date and time">
            <ScheduleFields form={form} />
          </FormCard>
          <FormCard id="where-title" title="Location">
            <LocationFields form={form} mapsApiKey={mapsApiKey} />
          </FormCard>
          <FormCard
            id="tickets-title"
            title="Tickets"
            intro={
              event && canEdit ? (
                <>
                  Each type has its own price, capacity and sales window. A hidden type is sold only to buyers with an access
                  code: make one in{' '}
                  <Link to={`/organizer/events/${event.id}/codes`} className={linkClass}>
                    Discount codes
                  </Link>
                  .
                </>
              ) : (
                'Each type has its own price, capacity and sales window.'
              )
            }
          >
            <TicketTypesFields form={form} />
            {event && canEdit ? (
              <CapacitySummary
                eventId={event.id}
                types={event.ticketTypes.map(({ id, name, hidden, capacity }) => ({ id, name, hidden, capacity }))}
              />
            ) : null}
          </FormCard>
          <FormCard
            id="refund-title"
            title="Refund policy"
            intro="Shown on the event page, in checkout before buyers pay and in their confirmation. Buyers ask you for refunds; a cancelled event is refunded in full automatically."
          >
            <RefundPolicyFields form={form} />
          </FormCard>
          <FormCard
            id="transfers-title"
            title="Ticket transfers"
            intro="Let buyers give a ticket to a friend or correct a name, without asking you."
          >
            <TransferFields form={form} />
          </FormCard>
          <FormCard id="door-title" title="At the door">
            <TestModeField form={form} />
          </FormCard>
        </fieldset>
        {readOnly ? null : (
          <SaveBar
            status={event?.status ?? null}
            dirty={form.dirty}
            busy={actions.busy}
            onPublish={() => void actions.publish()}
            onUnpublish={() => void actions.unpublish()}
          />
        )}
      </form>

      {event && canEdit ? (
        <>
          <ManageEvent
            status={event.status}
            busy={actions.busy}
            onDuplicate={() => void actions.duplicate()}
            onCancel={() => setConfirmingCancel(true)}
          />
          <CancelEventDialog
            open={confirmingCancel}
            title={event.title}
            busy={actions.busy === 'cancel'}
            onConfirm={() => void confirmCancel()}
            onClose={() => setConfirmingCancel(false)}
          />
        </>
      ) : null}
    </div>
  );
}
