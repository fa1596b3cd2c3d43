import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass, linkClass } from '#components/button.ts';
import { Choice, ChoiceGroup } from '#components/fields/choice-group.tsx';
import { FormAlert } from '#components/fields/form-alert.tsx';
import { FormCard } from '#components/fields/form-card.tsx';
import { formErrorKey } from '#components/fields/form-errors.ts';
import { TextField } from '#components/fields/text-field.tsx';
import { TextareaField } from '#components/fields/textarea-field.tsx';
import { useFocusFirstInvalid } from '#components/fields/use-focus-first-invalid.ts';
import { MailMarkdown } from '#components/markdown/mail-markdown.tsx';
import { Spinner, SubmitButton } from '#components/submit-button.tsx';
import { type AttendeeMessage, type EventMessages, messageLimits } from '#contract/attendee-messages.ts';
import type { Event } from '#contract/events.ts';
import { useSendMessage } from '../../api/send-message.ts';
import { useSendTestMessage } from '../../api/send-test-message.ts';
import { type PathErrors, serverPathErrors, withoutPath } from '../../utils/field-errors.ts';
import {
  type AudienceQuestion,
  audienceOf,
  checkMessageForm,
  emptyMessageForm,
  type MessageFormValues,
  messageFormPaths,
} from '../../utils/message-form.ts';
import { offsetLabel } from '../../utils/zoned-time.ts';
import { AudienceFields } from './audience-fields.tsx';
import { AudienceReach } from './audience-reach.tsx';

interface MessageComposerProps {
  event: Event;
  questions: readonly AudienceQuestion[];
  /** What the organisation may send, whether it waits for approval, and where replies go. */
  info: Pick<EventMessages, 'allowance' | 'approval' | 'replyTo'>;
  /** Sent, scheduled or queued: the server's sentence of what happens next. */
  onSent(said: string, message: AttendeeMessage): void;
  onCancel(): void;
}

/** What the server says of a new message, when the answer carried no sentence. */
const saidOf = (message: AttendeeMessage) =>
  message.status === 'awaiting_approval'
    ? 'Queued. An administrator reads it before it goes.'
    : message.status === 'scheduled'
      ? 'Scheduled.'
      : 'Sending.';

/** "You can send 3 more this hour", or why nothing can be sent now. */
export function allowanceText(allowance: EventMessages['allowance']): string {
  const { leftThisHour, leftToday, perHour, perDay } = allowance;
  if (leftToday === 0) return `Your organisation has sent its ${perDay} messages for today. Try again tomorrow.`;
  if (leftThisHour === 0) return `Your organisation has sent its ${perHour} messages for this hour. Try again later.`;
  if (leftToday < leftThisHour) return `You can send ${leftToday} more today.`;
  return `You can send ${leftThisHour} more this hour (${leftToday} today).`;
}

/** A message to the event's attendees: its text with a preview, its audience with the reach, a test, now or later. */
export function MessageComposer({ event, questions, info, onSent, onCancel }: MessageComposerProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const [values, setValues] = useState<MessageFormValues>(emptyMessageForm);
  const [errors, setErrors] = useState<PathErrors>({});
  const [tested, setTested] = useState<string | null>(null);
  const send = useSendMessage(event.id);
  const test = useSendTestMessage(event.id);
  const types = event.ticketTypes.map(({ id, name }) => ({ id, name }));
  const audience = audienceOf(values, questions);
  const spent = info.allowance.leftThisHour === 0 || info.allowance.leftToday === 0;

  const change = (patch: Partial<MessageFormValues>, field: string) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutPath(current, field));
  };
  const show = (next: PathErrors) => {
    setErrors(next);
    focusFirstInvalid();
  };
  const serverErrors = (error: unknown) => serverPathErrors(error, (path) => messageFormPaths.includes(path));

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    setTested(null);
    const check = checkMessageForm(values, questions, event.timezone);
    if (!check.ok) return show(check.errors);
    send.mutate(check.send, {
      onSuccess: ({ message, data }) => onSent(message ?? saidOf(data), data),
      onError: (error) => show(serverErrors(error)),
    });
  };
  const sendTest = () => {
    setTested(null);
    // A test needs the text and the audience, not the time.
    const check = checkMessageForm({ ...values, when: 'now' }, questions, event.timezone);
    if (!check.ok) return show(check.errors);
    test.mutate(check.draft, {
      onSuccess: ({ message, data }) => {
        setErrors({});
        setTested(message ?? `A test is on its way to ${data.to}.`);
      },
      onError: (error) => show(serverErrors(error)),
    });
  };

  return (
    <section aria-labelledby="composer-title" className="space-y-6">
      <h2 id="composer-title" className="font-bold text-slate-900 text-xl">
        New message
      </h2>
      <form ref={formRef} noValidate onSubmit={submit} className="space-y-6" aria-labelledby="composer-title">
        <FormCard id="message-text-title" title="What it says">
          <TextField
            label="Subject"
            name="subject"
            value={values.subject}
            error={errors.subject}
            maxLength={messageLimits.subject}
            autoComplete="off"
            placeholder="Doors open at 19:00"
            onChange={(input) => change({ subject: input.target.value }, 'subject')}
          />
          <div className="grid gap-4 lg:grid-cols-2">
            <TextareaField
              label="Message"
              name="body"
              rows={10}
              value={values.body}
              error={errors.body}
              maxLength={messageLimits.body}
              hint="Markdown: **bold**, *italic*, - lists, > quotes and [links](https://…). HTML is shown as text."
              onChange={(input) => change({ body: input.target.value }, 'body')}
            />
            <div className="min-w-0">
              <p className="font-medium text-slate-800" id="message-preview-title">
                Preview
              </p>
              <section
                aria-labelledby="message-preview-title"
                className="mt-1.5 min-h-32 rounded-xl border border-slate-200 border-dashed bg-slate-50 px-4 py-3"
              >
                {values.subject.trim() ? <p className="break-words font-semibold text-slate-900">{values.subject}</p> : null}
                {values.body.trim() ? (
                  <div className="mt-2">
                    <MailMarkdown source={values.body} />
                  </div>
                ) : (
                  <p className="mt-2 text-slate-600 text-sm">The message appears here as attendees read it.</p>
                )}
              </section>
              <p className="mt-1.5 text-slate-600 text-sm">
                Each copy opens with “Hello” and the person’s name, and ends with a link to the event’s page.
              </p>
            </div>
          </div>
        </FormCard>

        <FormCard id="message-audience-title" title="Who receives it">
          <AudienceFields values={values} types={types} questions={questions} errors={errors} onChange={change} />
          <AudienceReach eventId={event.id} audience={audience} sendNow={values.when === 'now'} />
        </FormCard>

        <FormCard id="message-sending-title" title="Sending">
          <ChoiceGroup name="message-when" legend="When">
            <Choice
              type="radio"
              name="message-when"
              label="Now"
              checked={values.when === 'now'}
              onChange={() => change({ when: 'now' }, 'sendAt')}
            />
            <Choice
              type="radio"
              name="message-when"
              label="At a set time"
              checked={values.when === 'later'}
              onChange={() => change({ when: 'later' }, 'sendAt')}
            />
          </ChoiceGroup>
          {values.when === 'later' ? (
            <div className="max-w-sm">
              <TextField
                label="Send it at"
                name="sendAt"
                type="datetime-local"
                value={values.sendAt}
                error={errors.sendAt}
                hint={`On the event’s clock (${event.timezone}, ${offsetLabel(event.timezone)}). Up to 90 days ahead.`}
                onChange={(input) => change({ sendAt: input.target.value }, 'sendAt')}
              />
            </div>
          ) : null}
          <div className="space-y-2 text-slate-700">
            {info.replyTo ? (
              <p className="break-words">
                Replies go to <span className="font-semibold text-slate-900">{info.replyTo}</span>.
              </p>
            ) : (
              <p>
                Your organisation has no contact email, so people cannot reply to it. Add one in{' '}
                <Link to="/organizer/settings" className={linkClass}>
                  Settings
                </Link>
                .
              </p>
            )}
            <p>{allowanceText(info.allowance)}</p>
          </div>
          {info.approval.required ? (
            <FormAlert tone="info">
              {info.approval.reason ?? 'An administrator reads this message before it goes.'} It goes once approved
              {values.when === 'later' ? ', at the time you set' : ''}.
            </FormAlert>
          ) : null}
          {tested ? <FormAlert tone="success">{tested}</FormAlert> : null}
          {/* Beside the buttons: a refusal to send (the rate, nobody to send to) is read where the person pressed. */}
          {errors[formErrorKey] ? <FormAlert>{errors[formErrorKey]}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:flex-wrap sm:justify-end">
            <button
              type="button"
              className={`${buttonClass('secondary')} w-full sm:w-auto`}
              onClick={onCancel}
              disabled={send.isPending}
            >
              Cancel
            </button>
            <button
              type="button"
              className={`${buttonClass('secondary')} w-full sm:w-auto`}
              onClick={sendTest}
              disabled={test.isPending}
              aria-busy={test.isPending}
            >
              {test.isPending ? <Spinner /> : null}
              {test.isPending ? 'Sending the test…' : 'Send a test to me'}
            </button>
            {spent ? (
              <button type="submit" className={`${buttonClass('primary')} w-full sm:w-auto`} disabled>
                {values.when === 'now' ? 'Send now' : 'Schedule'}
              </button>
            ) : (
              <div className="sm:w-auto">
                <SubmitButton busy={send.isPending} busyLabel={values.when === 'now' ? 'Sending…' : 'Scheduling…'} inline>
                  {values.when === 'now' ? 'Send now' : 'Schedule'}
                </SubmitButton>
              </div>
            )}
          </div>
        </FormCard>
      </form>
    </section>
  );
}
