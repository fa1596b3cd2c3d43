import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router';
import { SignOutButton } from '../../features/account/components/sign-out-button.tsx';
import { useRouteSession } from '../../lib/session/session-context.tsx';

interface AreaLink {
  to: string;
  label: string;
}

/** The signed-in areas this person may open: their account always, the organiser area and the admin area by role. */
function useAreaLinks(): AreaLink[] {
  const { organizationId, platforms, acting } = useRouteSession();
  return [
    { to: '/account', label: 'My account' },
    ...(organizationId ? [{ to: '/organizer/dashboard', label: 'Organiser' }] : []),
    // Acting for a user, the admin pages are refused: the banner's "Stop acting" leads back to them.
    ...(platforms.includes('admin') && !acting ? [{ to: '/admin', label: 'Admin' }] : []),
  ];
}

/**
 * A signed-in person's menu in the site header, the same on every page: the areas they may open and signing out.
 * A disclosure, so it takes little room on a phone and works before the page is hydrated.
 */
export function AccountMenu({ tone }: { tone: 'dark' | 'light' }) {
  const links = useAreaLinks();
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute('open');
  // Open, it gives way as a menu does: to a press elsewhere on the page, or to Escape.
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) menu.current?.removeAttribute('open');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !menu.current?.open) return;
      menu.current.removeAttribute('open');
      menu.current.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  const summaryTone =
    tone === 'light' ? 'text-indigo-50 hover:bg-indigo-600 hover:text-white' : 'text-slate-700 hover:bg-slate-100';
  return (
    <details ref={menu} className="relative">
      <summary
        className={`flex min-h-11 cursor-pointer list-none items-center gap-1 whitespace-nowrap rounded-lg px-2 font-medium sm:px-3 [&::-webkit-details-marker]:hidden ${summaryTone}`}
      >
        Account
        <span aria-hidden="true" className="text-xs opacity-70">
          ▾
        </span>
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-56 rounded-xl bg-white p-2 text-slate-700 shadow-lg ring-1 ring-slate-200">
        <nav aria-label="Areas">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  viewTransition
                  onClick={close}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-lg px-3 font-medium hover:bg-slate-100 ${isActive ? 'text-indigo-700' : 'text-slate-700'}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-1 border-slate-200 border-t pt-1">
          <SignOutButton className="flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left font-medium text-red-700 hover:bg-red-50 disabled:opacity-60" />
        </div>
      </div>
    </details>
  );
}
