import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { startAfterPaintScript } from './start-after-paint.ts';

interface Added {
  tag: string;
  rel?: string;
  href?: string;
  type?: string;
  src?: string;
}

const start = { entry: '/assets/entry.js', modules: ['/assets/entry.js', '/assets/framework.js', '/assets/home.js'] };

/** Runs the script as a page would, with a document that records what it adds and a frame the test paints. */
function run(visibilityState: 'visible' | 'hidden') {
  const added: Added[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const document = {
    visibilityState,
    createElement: (tag: string) => ({ tag }) as Added,
    head: { appendChild: (element: Added) => added.push({ ...element }) },
  };
  // No window: the script reads nothing of the boot state, so a page whose boot state is broken still starts.
  runInNewContext(startAfterPaintScript(start), {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  });
  const paint = () => {
    for (const frame of frames.splice(0)) frame();
    for (const timer of timers.splice(0)) timer();
  };
  return { added, paint };
}

describe('a rendered page asks for its code once it has painted', () => {
  it('asks for nothing before the first frame, then for every chunk and the entry at once', () => {
    const page = run('visible');
    expect(page.added).toEqual([]);
    page.paint();
    expect(page.added).toEqual([
      { tag: 'link', rel: 'modulepreload', href: '/assets/entry.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/framework.js' },
      { tag: 'link', rel: 'modulepreload', href: '/assets/home.js' },
      { tag: 'script', type: 'module', src: '/assets/entry.js' },
    ]);
    page.paint();
    expect(page.added).toHaveLength(4);
  });

  it('asks at once in a background tab, which paints only when shown', () => {
    const page = run('hidden');
    expect(page.added.map((element) => element.href ?? element.src)).toEqual([...start.modules, start.entry]);
  });
});
