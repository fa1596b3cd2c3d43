import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('forgets the oldest entry to stay within its limit', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect([cache.get('b'), cache.get('c')]).toEqual([2, 3]);
  });

  it('counts an entry set again as the newest', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 10);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(10);
    expect(cache.get('b')).toBeUndefined();
  });

  it('forgets an entry once its expiry has passed', () => {
    const cache = new BoundedCache<string, number>(10);
    cache.set('a', 1, 1_000);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('hands an entry out once with take', () => {
    const cache = new BoundedCache<string, number>(10);
    cache.set('a', 1);
    expect(cache.take('a')).toBe(1);
    expect(cache.take('a')).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not hand out an expired entry with take', () => {
    const cache = new BoundedCache<string, number>(10);
    cache.set('a', 1, 5);
    expect(cache.take('a', 6)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets the entries a test picks with deleteWhere', () => {
    const cache = new BoundedCache<string, { order: string }>(10);
    cache.set('a', { order: 'x' });
    cache.set('b', { order: 'y' });
    cache.set('c', { order: 'x' });
    cache.deleteWhere((value) => value.order === 'x');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, { order: 'y' }, undefined]);
  });
});
