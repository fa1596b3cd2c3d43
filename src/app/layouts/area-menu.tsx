import { useRef } from 'react';
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
    { to: '/', label: 'Browse events' },
  ];
}

/**
 * The signed-in areas' menu: the other areas this person may open, and signing out, from every page of an area.
 * A disclosure, so it takes little room on a phone and works before the page is hydrated.
 */
export function AreaMenu({ current }: { current: string }) {
  const links = useAreaLinks().filter((link) => link.label !== current);
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute('open');
  return (
    <details ref={menu} className="relative ml-auto">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-lg px-3 font-medium text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        Menu
        <span aria-hidden="true" className="text-slate-500 text-xs">
          ▾
        </span>
      </summary>
      <div className="absolute right-0 z-30 mt-1 w-56 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200">
        <nav aria-label="Areas">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  viewTransition
                  onClick={close}
                  className="flex min-h-11 items-center rounded-lg px-3 font-medium text-slate-700 hover:bg-slate-100"
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
