// @vitest-environment jsdom
import type { AxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WaitingListJoined } from '#contract/waiting-list.ts';
import type { ApiCaller } from '#lib/api-caller.tsx';
import { clearScreen, enter, fieldLabelled, renderScreen } from '#lib/screen.test-helper.tsx';
import { JoinWaitingListForm } from './join-waiting-list-form.tsx';

afterEach(clearScreen);

const eventId = '22222222-2222-4222-8222-222222222222';
const type = { id: '33333333-3333-4333-8333-333333333333', name: 'Standard', minPerOrder: 1, maxPerOrder: 4 };

/** An API that records what it is sent and answers with `answer` (or throws what it gives). */
function recording(answer: (config: AxiosRequestConfig) => unknown) {
  const calls: AxiosRequestConfig[] = [];
  const api: ApiCaller = async <T,>(config: AxiosRequestConfig) => {
    calls.push(config);
    return answer(config) as T;
  };
  return { api, calls };
}

const refusal = (status: number, message: string, errors: { path: string; message: string }[] = []) => {
  throw { isAxiosError: true, response: { status, data: { httpStatus: 'CONFLICT', message, errors } } };
};

function form(api: ApiCaller, session = {}) {
  const joined = vi.fn<(joined: WaitingListJoined) => void>();
  const { container } = renderScreen(
    <JoinWaitingListForm eventId={eventId} type={type} onJoined={joined} onCancel={() => {}} />,
    { api, session },
  );
  const field = (label: string) => fieldLabelled(container, label);
  const submit = () => (container.querySelector('button[type="submit"]') as HTMLButtonElement).click();
  const messageUnder = (label: string) => {
    const control = field(label);
    if (control.getAttribute('aria-invalid') !== 'true') return null;
    const errorId = control
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
  };
  return { container, joined, field, submit, messageUnder };
}

describe('joining a sold-out type’s waiting list', () => {
  it('offers 1 to the type’s per-order limit, and says what is missing before sending anything', async () => {
    const { api, calls } = recording(() => ({}));
    const screen = form(api);
    await vi.waitFor(() => screen.field('Full name'));
    const quantity = screen.field('Tickets') as unknown as HTMLSelectElement;
    expect([...quantity.options].map((option) => option.value)).toEqual(['1', '2', '3', '4']);
    enter(screen.field('Email'), 'not an email');
    screen.submit();
    await vi.waitFor(() => expect(screen.messageUnder('Email')).toBe('Enter a valid email address.'));
    expect(screen.messageUnder('Full name')).not.toBeNull();
    expect(calls).toEqual([]);
  });

  it('sends the guest’s name, email and tickets, and hands back what the server said', async () => {
    const answer = { status: 'unconfirmed', position: null, email: 'ana@example.test', ticketTypeName: 'Standard', quantity: 2 };
    const { api, calls } = recording(() => answer);
    const screen = form(api);
    await vi.waitFor(() => screen.field('Full name'));
    enter(screen.field('Full name'), 'Ana Guest');
    enter(screen.field('Email'), 'Ana@Example.test');
    enter(screen.field('Tickets') as unknown as HTMLSelectElement, '2');
    screen.submit();
    await vi.waitFor(() => expect(screen.joined).toHaveBeenCalledWith(answer));
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/waiting-list' });
    expect(calls[0]?.data).toEqual({
      eventId,
      ticketTypeId: type.id,
      quantity: 2,
      buyer: { name: 'Ana Guest', email: 'ana@example.test' },
    });
  });

  it('fills in a signed-in buyer’s name and fixes the account’s email', async () => {
    const user = { id: 'user-1', email: 'sam@example.test', firstName: 'Sam', lastName: 'Member' };
    const { api, calls } = recording((config) =>
      config.url === '/users/user-1'
        ? user
        : { status: 'waiting', position: 1, email: user.email, ticketTypeName: 'Standard', quantity: 1 },
    );
    const screen = form(api, { signedIn: true, authId: 'user-1', email: user.email });
    await vi.waitFor(() => expect(screen.field('Email').value).toBe('sam@example.test'));
    expect(screen.field('Email').readOnly).toBe(true);
    expect(screen.field('Full name').value).toBe('Sam Member');
    screen.submit();
    await vi.waitFor(() => expect(screen.joined).toHaveBeenCalled());
    expect(calls.at(-1)?.data).toMatchObject({ buyer: { name: 'Sam Member', email: 'sam@example.test' } });
  });

  it('shows the server’s field messages at their fields, and a refusal of the whole request above the form', async () => {
    let answer: () => unknown = () =>
      refusal(400, 'Please check the form.', [{ path: 'body.buyer.email', message: 'This email cannot receive mail.' }]);
    const { api } = recording(() => answer());
    const screen = form(api);
    await vi.waitFor(() => screen.field('Full name'));
    enter(screen.field('Full name'), 'Ana Guest');
    enter(screen.field('Email'), 'ana@example.test');
    screen.submit();
    await vi.waitFor(() => expect(screen.messageUnder('Email')).toBe('This email cannot receive mail.'));
    expect(screen.container.querySelector('[role="alert"]')).toBeNull();

    answer = () => refusal(409, 'You are on the waiting list for Standard already.');
    enter(screen.field('Email'), 'ana@example.org');
    screen.submit();
    await vi.waitFor(() =>
      expect(screen.container.querySelector('[role="alert"]')?.textContent).toBe(
        'You are on the waiting list for Standard already.',
      ),
    );
    expect(screen.joined).not.toHaveBeenCalled();
  });
});
