import { describe, expect, it } from 'vitest';
import { uploadNameStem } from './uploads.ts';

describe('upload names', () => {
  it('keeps a plain name, lower-cased and without its extension', () => {
    expect(uploadNameStem('Summer-Poster_2026.PNG')).toBe('summer-poster_2026');
    expect(uploadNameStem('my.holiday.photo.jpeg')).toBe('my.holiday.photo');
  });

  it('leaves no way out of the folder: no slashes, no dot-dot, no leading dot', () => {
    for (const name of ['../../etc/passwd', '..\\..\\win.ini', '/absolute/path.png', '.hidden', 'a/../../b.png']) {
      const stem = uploadNameStem(name);
      expect(stem).not.toMatch(/[/\\]|\.\.|^\./);
      expect(stem).toMatch(/^[a-z0-9][a-z0-9._-]*$/);
    }
    expect(uploadNameStem('../../etc/passwd')).toBe('etc-passwd');
  });

  it('turns spaces and accents into plain ASCII and drops what cannot be spelt', () => {
    expect(uploadNameStem('Café Ünïcode  poster.webp')).toBe('cafe-unicode-poster');
    expect(uploadNameStem('日本語.png')).toBeNull();
    expect(uploadNameStem('   ')).toBeNull();
    expect(uploadNameStem('.png')).toBeNull();
    expect(uploadNameStem(undefined)).toBeNull();
  });

  it('caps a long name at 64 characters, so the stored name stays within 80', () => {
    const stem = uploadNameStem(`${'a'.repeat(100)}.png`);
    expect(stem).toHaveLength(64);
  });
});
