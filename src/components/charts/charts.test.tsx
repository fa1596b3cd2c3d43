// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../contract/money.ts';
import { BarChart, WideBarChart } from './bar-chart.tsx';
import { LineChart } from './line-chart.tsx';

const days = [
  { label: 'Mon', value: 12 },
  { label: 'Tue', value: 30 },
  { label: 'Wed', value: 0 },
];

function render(html: string) {
  document.body.innerHTML = html;
  return document.body;
}

describe('SVG charts on the server', () => {
  it('draws a bar per day, named by its title and description, with the figures in a hidden table', () => {
    const page = render(
      renderToString(<BarChart title="Tickets sold per day" description="Last 3 days" data={days} formatValue={String} />),
    );
    const svg = page.querySelector('svg') as SVGSVGElement;
    expect(svg.getAttribute('role')).toBe('img');
    const [titleId, descId] = (svg.getAttribute('aria-labelledby') ?? '').split(' ');
    expect(page.querySelector(`[id="${titleId}"]`)?.textContent).toBe('Tickets sold per day');
    expect(page.querySelector(`[id="${descId}"]`)?.textContent).toBe('Last 3 days');
    expect(svg.querySelectorAll('rect')).toHaveLength(3);
    expect([...svg.querySelectorAll('text')].map((text) => text.textContent)).toEqual([
      '0',
      '10',
      '20',
      '30',
      'Mon',
      'Tue',
      'Wed',
    ]);
    const rows = [...page.querySelectorAll('table.sr-only tr')].map((row) => row.textContent);
    expect(rows).toEqual(['Mon12', 'Tue30', 'Wed0']);
  });

  it('draws revenue as a line with an area, values as money', () => {
    const revenue = days.map((day) => ({ ...day, value: day.value * 1000 }));
    const page = render(
      renderToString(
        <LineChart title="Revenue" description="Gross, GBP" data={revenue} formatValue={(minor) => formatMoney(minor, 'GBP')} />,
      ),
    );
    const paths = page.querySelectorAll('svg path');
    expect(paths).toHaveLength(2);
    expect(paths[0]?.getAttribute('d')).toMatch(/ Z$/);
    expect(page.querySelector('svg text')?.textContent).toBe('£0.00');
    expect(page.querySelector('table.sr-only td')?.textContent).toBe('£120.00');
  });

  it('draws an empty axis when there is no data', () => {
    const page = render(
      renderToString(<LineChart title="Revenue" description="None yet" data={[]} formatValue={String} area={false} />),
    );
    expect(page.querySelectorAll('svg path')).toHaveLength(1);
    expect(page.querySelector('svg path')?.getAttribute('d')).toBe('');
  });

  it('draws a wide chart twice, for a phone and twice as wide from the sm breakpoint, one shown at a time', () => {
    const page = render(
      renderToString(<WideBarChart title="Arrivals" description="Per 5 minutes" data={days} formatValue={String} />),
    );
    const [phone, wide] = [...page.querySelectorAll('svg')];
    expect(phone?.closest('div')?.className).toBe('sm:hidden');
    expect(phone?.getAttribute('viewBox')).toBe('0 0 400 220');
    expect(wide?.closest('div')?.className).toBe('hidden sm:block');
    expect(wide?.getAttribute('viewBox')).toBe('0 0 800 220');
    // No bar wider than 40 units, however few there are.
    expect([...(wide?.querySelectorAll('rect') ?? [])].every((bar) => Number(bar.getAttribute('width')) <= 40)).toBe(true);
  });
});
