// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { StatBox } from './stat-box.tsx';

describe('StatBox', () => {
  it('is a term and its values, with the delta and hint when given', () => {
    document.body.innerHTML = renderToString(
      <dl>
        <StatBox label="Net" value="£120.00" hint="Yours" delta={{ text: '+12% on last week', tone: 'up' }} strong />
        <StatBox label="Orders" value={14} />
      </dl>,
    );
    const groups = [...document.querySelectorAll('dl > div')];
    expect(groups.map((group) => [...group.children].map((child) => `${child.tagName}:${child.textContent}`))).toEqual([
      ['DT:Net', 'DD:£120.00', 'DD:+12% on last week', 'DD:Yours'],
      ['DT:Orders', 'DD:14'],
    ]);
  });
});
