import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { SiteHeader } from './site-header.tsx';

export interface SideNavItem {
  to: string;
  label: string;
  /** Active on this exact path only: an area's root page, whose path prefixes every other page of the area. */
  end?: boolean;
}

interface SideNavLayoutProps {
  area: string;
  items: readonly SideNavItem[];
  children: ReactNode;
}

/**
 * The frame of signed-in areas: the site header every page has, then the area's own navigation, named, beside the
 * page on wide screens and above it on phones.
 */
export function SideNavLayout({ area, items, children }: SideNavLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <div className="border-slate-200 border-b bg-white print:hidden">
        <SiteHeader width="area" />
      </div>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row print:max-w-none print:p-0">
        {items.length > 0 ? (
          <nav aria-label={area} className="lg:w-56 lg:shrink-0 print:hidden">
            <p aria-hidden="true" className="mb-2 px-3 font-semibold text-indigo-800 text-xs uppercase tracking-wide">
              {area}
            </p>
            {/* Phones: every section in view (smaller type, wrapping on the narrowest screens), never scrolled off. */}
            <ul className="flex flex-wrap gap-1 sm:gap-2 lg:flex-col">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end ?? false}
                    viewTransition
                    className={({ isActive }) =>
                      `flex min-h-11 items-center whitespace-nowrap rounded-lg px-3 font-medium text-sm sm:text-base ${isActive ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-200'}`
                    }
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}
