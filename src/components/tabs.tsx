import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { NavLink } from 'react-router';

export interface Tab {
  /** Stable key, also part of the tab's and panel's ids. */
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

interface TabsProps {
  /** Names the tab list for screen readers: "Order details". */
  label: string;
  tabs: readonly Tab[];
  /** The open tab when the parent holds it; else the component does, starting with `defaultSelected` or the first. */
  selected?: string;
  defaultSelected?: string;
  onSelect?(id: string): void;
}

const tabClass = (active: boolean) =>
  `-mb-px inline-flex min-h-11 items-center border-b-2 px-4 font-semibold focus-visible:outline-2 focus-visible:outline-indigo-600 ${
    active ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;
const listClass = 'flex gap-1 overflow-x-auto border-slate-200 border-b';

/** Which tab the arrow, Home and End keys move to from `index`; null for other keys. */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * WAI-ARIA tabs in one page: only the open tab is in the Tab order; arrows, Home and End move between tabs
 * and open the one they reach. Every panel is rendered (hidden but one), so the server sends them all.
 */
export function Tabs({ label, tabs, selected, defaultSelected, onSelect }: TabsProps) {
  const base = useId();
  const [own, setOwn] = useState(defaultSelected ?? tabs[0]?.id);
  const current = selected ?? own;
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const choose = (id: string) => {
    setOwn(id);
    onSelect?.(id);
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const target = tabKeyTarget(event.key, index, tabs.length);
    const tab = target === null ? undefined : tabs[target];
    if (target === null || !tab) return;
    event.preventDefault();
    choose(tab.id);
    buttons.current[target]?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className={listClass}>
        {tabs.map((tab, index) => {
          const active = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(button) => {
                buttons.current[index] = button;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${tab.id}`}
              aria-selected={active}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => choose(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={tabClass(active)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={tab.id !== current}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel takes focus after the tab list, as the WAI-ARIA pattern asks
          tabIndex={0}
          className="pt-4 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}

interface LinkTabsProps {
  /** Names the navigation: "Event sections". */
  label: string;
  links: ReadonlyArray<{ to: string; label: ReactNode /** Match the address exactly (the section's index). */; end?: boolean }>;
}

/** Sections that are addresses of their own: links in a `<nav>`, the current one marked `aria-current="page"`. */
export function LinkTabs({ label, links }: LinkTabsProps) {
  return (
    <nav aria-label={label}>
      <ul className={listClass}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={({ isActive }) => tabClass(isActive)}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
