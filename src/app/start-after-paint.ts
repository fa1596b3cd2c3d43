import { serializeForScript } from '../lib/boot-state.ts';

/** What a page the server rendered needs to start: the entry and every chunk of its routes. */
export interface PageStart {
  entry: string;
  modules: string[];
}

/** Inline script text: a function that preloads one module by its URL (the shell's boot script uses it too). */
export const preloadModuleFunction =
  "function(href){var link=document.createElement('link');link.rel='modulepreload';link.href=href;document.head.appendChild(link)}";

/**
 * The end of a rendered page's boot script: the page asks for its code once it has painted (decision 079). The text
 * and the cover paint from the HTML and the stylesheet in it, and no script competes with them for the connection or
 * the main thread before that. Then every chunk and the entry are asked for at once, so none waits for another. A
 * page opened in a background tab, which does not paint until it is shown, asks at once. It reads nothing of the
 * boot state, so a page whose boot state is broken still starts and reports it.
 */
export const startAfterPaintScript = (start: PageStart) =>
  `(function(start){function go(){start.modules.forEach(${preloadModuleFunction});var script=document.createElement('script');script.type='module';script.src=start.entry;document.head.appendChild(script)}if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){setTimeout(go,0)})})(${serializeForScript(start)});`;
