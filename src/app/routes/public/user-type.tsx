import { Link } from 'react-router';
import { PageMeta } from '#app/page-meta.tsx';
import { AuthColumn, AuthFooterLink, AuthHeader } from '#features/auth/components/auth-header.tsx';

const paths = [
  {
    to: '/sign-up?type=attendee',
    title: 'I’m going to events',
    body: 'An attendee account, free for ever.',
    points: [
      'Book tickets with every fee shown up front',
      'Tickets on your phone, even offline',
      'Help from our desk when plans change',
    ],
  },
  {
    to: '/sign-up?type=organiser',
    title: 'I organise events',
    body: 'An organiser account for you and your team.',
    points: [
      'Publish events with ticket types and prices',
      'Scan tickets at the door with any phone',
      'Live sales and check-ins for your team',
    ],
  },
];

export function Component() {
  return (
    <AuthColumn wide>
      <PageMeta title="Choose your account" description="Join Admit to go to events or to organise them." noIndex />
      <AuthHeader title="How will you use Admit?">Pick the one that fits. Organisers can book tickets too.</AuthHeader>
      <ul className="grid gap-4 sm:grid-cols-2">
        {paths.map((path) => (
          <li key={path.to}>
            <Link
              to={path.to}
              viewTransition
              className="group flex h-full flex-col rounded-2xl border border-slate-300 bg-white p-5 hover:border-indigo-500 hover:bg-indigo-50/50 hover:shadow-sm"
            >
              <span className="font-bold text-lg text-slate-900">{path.title}</span>
              <span className="mt-1 text-slate-600">{path.body}</span>
              <ul className="mt-4 space-y-2 text-slate-700 text-sm">
                {path.points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <span aria-hidden="true" className="font-bold text-indigo-600">
                      ✓
                    </span>
                    <span>{point}</span>
                  </li>
                ))}
              </ul>
              <span className="mt-5 inline-flex min-h-12 items-center justify-center rounded-xl bg-indigo-600 px-5 font-semibold text-white group-hover:bg-indigo-700">
                Continue
                <span aria-hidden="true" className="ml-2">
                  →
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <AuthFooterLink prompt="Already have an account?" to="/sign-in">
        Sign in
      </AuthFooterLink>
    </AuthColumn>
  );
}
