import { describe, expect, it } from 'vitest';
import { csvFileName } from './download-orders-csv.ts';

describe('csvFileName', () => {
  it('keeps the name the server suggests, made safe', () => {
    expect(csvFileName('attachment; filename="orders-northern-lights.csv"')).toBe('orders-northern-lights.csv');
    expect(csvFileName("attachment; filename*=UTF-8''orders%20june.csv")).toBe('orders-june.csv');
    expect(csvFileName('attachment; filename="../../etc/passwd.csv"')).toBe('..-..-etc-passwd.csv');
  });

  it('falls back to one with the date', () => {
    expect(csvFileName(undefined, new Date('2026-06-01T10:00:00Z'))).toBe('orders-2026-06-01.csv');
    expect(csvFileName('attachment; filename="report.txt"', new Date('2026-06-01T10:00:00Z'))).toBe('orders-2026-06-01.csv');
  });
});
