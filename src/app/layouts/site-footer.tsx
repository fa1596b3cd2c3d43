import { Link } from 'react-router';

const groups = [
  {
    title: 'Admit',
    links: [
      { to: '/about-us', label: 'About us' },
      { to: '/terms', label: 'Terms and conditions' },
    ],
  },
  {
    title: 'Policies',
    links: [
      { to: '/policy/users', label: 'Privacy' },
      { to: '/policy/cookies', label: 'Cookies' },
      { to: '/policy/terms-of-use', label: 'Terms of use' },
      { to: '/policy/stakeholders', label: 'Stakeholders' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3 sm:px-6">
        <p className="text-slate-600">Tickets for what’s on, and a door that keeps working when the signal doesn’t.</p>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="mb-2 font-semibold text-slate-900">{group.title}</h2>
            <ul className="space-y-1">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    viewTransition
                    className="inline-flex min-h-9 items-center text-slate-700 hover:text-indigo-700"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="pb-8 text-center text-slate-600 text-sm">© 2026 Admit Ltd</p>
    </footer>
  );
}
