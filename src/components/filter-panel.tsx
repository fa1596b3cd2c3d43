import { type ReactNode, useEffect, useRef } from 'react';

interface FilterPanelProps {
  /** Filters in use, shown on the folded panel. */
  count: number;
  className?: string;
  summaryClassName?: string;
  children: ReactNode;
}

/** Filters folded behind a "Filters" summary (with how many are in use) on phones, always open on wider screens. */
export function FilterPanel({ count, className = '', summaryClassName = '', children }: FilterPanelProps) {
  const panel = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    // Browsers without ::details-content styling open the panel here on wide screens.
    if (panel.current && window.matchMedia('(min-width: 48rem)').matches) panel.current.open = true;
  }, []);
  return (
    <details ref={panel} className={`group md:[&::details-content]:[content-visibility:visible] ${className}`}>
      <summary
        className={`flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 font-semibold text-slate-900 md:hidden [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        <span>
          Filters
          {count > 0 ? (
            <span className="ml-2 rounded-full bg-indigo-600 px-2 py-0.5 text-white text-xs">
              {count}
              <span className="sr-only"> active</span>
            </span>
          ) : null}
        </span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="20"
          height="20"
          className="transition group-open:rotate-180 motion-reduce:transition-none"
        >
          <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      {children}
    </details>
  );
}
