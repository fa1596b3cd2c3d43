/**
 * Hardware (keyboard-wedge) scanners type a code as fast keystrokes ending with Enter or Tab. People type
 * far slower: keys more than `gapMs` apart start a new code, and only codes of `minLength` or more count.
 */
export function createWedgeReader(onCode: (code: string) => void, options: { gapMs?: number; minLength?: number } = {}) {
  const { gapMs = 60, minLength = 8 } = options;
  let buffer = '';
  let last = 0;
  return {
    key(key: string, at: number): boolean {
      if (at - last > gapMs) buffer = '';
      last = at;
      if (key === 'Enter' || key === 'Tab') {
        const code = buffer;
        buffer = '';
        if (code.length >= minLength) {
          onCode(code);
          return true;
        }
        return false;
      }
      if (key.length === 1) buffer += key;
      return false;
    },
  };
}
