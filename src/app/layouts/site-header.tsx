import { Link, NavLink } from 'react-router';
import { useRouteSession } from '../../lib/session/session-context.tsx';

const links = [
  { to: '/about-us', label: 'About' },
  { to: '/policy', label: 'Policies' },
];

export function BrandLink({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <Link
      to="/"
      viewTransition
      className={`flex items-center gap-2 font-bold text-xl ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}
    >
      <img src="/icons/icon.svg" alt="" width={32} height={32} className="rounded-lg" />
      <span>Admit</span>
    </Link>
  );
}

export function SiteHeader({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { signedIn } = useRouteSession();
  const account = signedIn ? { to: '/account', label: 'My account' } : { to: '/sign-in', label: 'Sign in' };
  const linkTone = tone === 'light' ? 'text-indigo-50 hover:text-white' : 'text-slate-700 hover:text-indigo-700';
  return (
    <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
      <BrandLink tone={tone} />
      <nav aria-label="Main">
        <ul className="flex items-center gap-1 sm:gap-4">
          {[...links, account].map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                viewTransition
                className={({ isActive }) =>
                  `inline-flex min-h-11 items-center whitespace-nowrap rounded-lg px-2 font-medium sm:px-3 ${linkTone} ${isActive ? 'underline underline-offset-4' : ''}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
