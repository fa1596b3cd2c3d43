import { Link } from 'react-router';
import type { Dashboard, SetupStep } from '#contract/dashboard.ts';

// Verification and payouts are done by the organisation's owners at /organizer-kyc (other roles are told so there).
const steps: Record<SetupStep, { title: string; text: string; to?: string; action?: string }> = {
  profile: {
    title: 'Describe your organisation',
    text: 'A description and a contact address on your public page.',
    to: '/organizer/settings',
    action: 'Edit profile',
  },
  verification: {
    title: 'Verify who you are',
    text: 'Not verified yet: paid tickets go on sale once your organisation is verified. Free events can be published now.',
    to: '/organizer-kyc',
    action: 'Verify your organisation',
  },
  payouts: {
    title: 'Connect payouts',
    text: 'Payouts are not enabled yet: the money from ticket sales needs a bank account to be paid to.',
    to: '/organizer-kyc',
    action: 'Set up payouts',
  },
  published: {
    title: 'Publish your first event',
    text: 'Create an event, add ticket types and publish it.',
    to: '/organizer/events',
    action: 'Go to events',
  },
};

/** What is left to set up; gone once everything is done. */
export function SetupChecklist({ setup }: Pick<Dashboard, 'setup'>) {
  const left = setup.filter((item) => !item.done);
  if (left.length === 0) return null;
  return (
    <section aria-labelledby="setup-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <h2 id="setup-title" className="font-bold text-lg text-slate-900">
        Get ready to sell
      </h2>
      <p className="text-slate-600 text-sm">
        {setup.length - left.length} of {setup.length} done
      </p>
      <ol className="mt-3 space-y-2">
        {setup.map(({ step, done }) => (
          <li
            key={step}
            className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className={`font-semibold ${done ? 'text-slate-500 line-through' : 'text-slate-900'}`}>
                <span aria-hidden="true">{done ? '✓ ' : '○ '}</span>
                {steps[step].title}
                <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
              </p>
              {done ? null : <p className="text-slate-600 text-sm">{steps[step].text}</p>}
            </div>
            {done || !steps[step].to ? null : (
              <Link to={steps[step].to} className="font-semibold text-indigo-700 text-sm underline underline-offset-2">
                {steps[step].action}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
