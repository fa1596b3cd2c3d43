import { describe, expect, it } from 'vitest';
import { audienceOf, audienceSummary, checkMessageForm, emptyMessageForm, type MessageFormValues } from './message-form.ts';

const standard = '33333333-3333-4333-8333-333333333333';
const vip = '44444444-4444-4444-8444-444444444444';
const diet = '55555555-5555-4555-8555-555555555555';
const conduct = '66666666-6666-4666-8666-666666666666';
const types = [
  { id: standard, name: 'Standard' },
  { id: vip, name: 'VIP' },
];
const questions = [
  { id: diet, label: 'Dietary needs', kind: 'one_choice' as const, options: ['None', 'Vegan'] },
  { id: conduct, label: 'Code of conduct', kind: 'yes_no' as const, options: [] },
];
const form = (patch: Partial<MessageFormValues>): MessageFormValues => ({
  ...emptyMessageForm(),
  subject: 'Doors at 7',
  body: 'See you there.',
  ...patch,
});

describe('the composer’s audience', () => {
  it('is everyone with a ticket unless told otherwise', () => {
    expect(audienceOf(emptyMessageForm(), questions)).toEqual({ ticketTypeIds: [], checkIn: 'any', answer: null });
  });

  it('names chosen ticket types, the check-in and an answer, a yes/no answer as a boolean', () => {
    const audience = audienceOf(
      form({ everyType: false, ticketTypeIds: [vip], checkIn: 'not_checked_in', questionId: conduct, value: 'false' }),
      questions,
    );
    expect(audience).toEqual({
      ticketTypeIds: [vip],
      checkIn: 'not_checked_in',
      answer: { questionId: conduct, given: true, value: false },
    });
    expect(audienceSummary(audience, types, questions)).toBe('Holders of VIP · not checked in · answered “Code of conduct”: no');
  });

  it('asks no value of those who gave no answer', () => {
    const audience = audienceOf(form({ questionId: diet, given: false, value: 'Vegan' }), questions);
    expect(audience.answer).toEqual({ questionId: diet, given: false });
    expect(audienceSummary(audience, types, questions)).toBe('Everyone with a ticket · did not answer “Dietary needs”');
  });

  it('reads a question no longer asked, or a removed ticket type, without failing', () => {
    const audience = { ticketTypeIds: ['77777777-7777-4777-8777-777777777777'], checkIn: 'checked_in' as const, answer: null };
    expect(audienceSummary(audience, types, questions)).toBe('Holders of a removed ticket type · checked in');
  });
});

describe('checking the composer', () => {
  it('refuses chosen ticket types with none ticked: the server would send it to every type', () => {
    const check = checkMessageForm(form({ everyType: false }), questions, 'Europe/London');
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.errors['audience.ticketTypeIds']).toBe('Tick at least one ticket type, or send it to everyone.');
  });

  it('says what is missing at each field', () => {
    const check = checkMessageForm(form({ subject: ' ', body: '', when: 'later' }), questions, 'Europe/London');
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.errors.subject).toBe('Give the message a subject.');
      expect(check.errors.body).toBe('Write the message.');
      expect(check.errors.sendAt).toBe('Pick a date and time to send it.');
    }
  });

  it('sends a set time on the event’s clock, with its offset', () => {
    const check = checkMessageForm(form({ when: 'later', sendAt: '2030-06-14T19:30' }), questions, 'Europe/London');
    expect(check.ok && check.send.sendAt).toBe('2030-06-14T19:30:00+01:00');
    const now = checkMessageForm(form({}), questions, 'Europe/London');
    expect(now.ok && now.send).toMatchObject({ subject: 'Doors at 7', body: 'See you there.', sendAt: null });
  });
});
