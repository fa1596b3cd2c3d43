import { Link, NavLink } from 'react-router';
import { useRouteSession } from '../../lib/session/session-context.tsx';
import { AccountMenu } from './account-menu.tsx';

const links = [
  { to: '/about-us', label: 'About' },
  { to: '/policy', label: 'Policies' },
];

type Tone = 'dark' | 'light';

/** `narrow`: on the narrowest phones the name is left to screen readers, so the header's items keep their room. */
export function BrandLink({ tone = 'dark', narrow = false }: { tone?: Tone; narrow?: boolean }) {
  return (
    <Link
      to="/"
      viewTransition
      className={`flex items-center gap-2 font-bold text-xl ${tone === 'light' ? 'text-white' : 'text-slate-900'}`}
    >
      <img src="/icons/icon.svg" alt="" width={32} height={32} className="rounded-lg" />
      <span className={narrow ? 'max-[24rem]:sr-only' : undefined}>Admit</span>
    </Link>
  );
}

interface SiteHeaderProps {
  /** `light`: white text, on the brand colour. */
  tone?: Tone;
  /** The width of the page below it: the public pages' column, or the areas' wider one. */
  width?: 'page' | 'area';
}

/**
 * The one site header, with the same items on every page a person browses: the brand, About, Policies, and Sign in or,
 * once signed in, their account menu. An area adds its own navigation below it.
 */
export function SiteHeader({ tone = 'dark', width = 'page' }: SiteHeaderProps) {
  const { signedIn } = useRouteSession();
  const linkTone = tone === 'light' ? 'text-indigo-50 hover:text-white' : 'text-slate-700 hover:text-indigo-700';
  const navLinks = signedIn ? links : [...links, { to: '/sign-in', label: 'Sign in' }];
  return (
    <header
      className={`mx-auto flex w-full items-center justify-between gap-4 px-4 py-3 sm:px-6 ${width === 'area' ? 'max-w-7xl' : 'max-w-6xl'}`}
    >
      <BrandLink tone={tone} narrow />
      <div className="flex items-center gap-1 sm:gap-4">
        <nav aria-label="Main">
          <ul className="flex items-center gap-1 sm:gap-4">
            {navLinks.map((link) => (
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
        {signedIn ? <AccountMenu tone={tone} /> : null}
      </div>
    </header>
  );
}
