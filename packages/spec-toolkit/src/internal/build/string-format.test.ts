import { describe, expect, it } from 'vitest';
import { detectStringFormat } from './string-format.js';

describe('detecting a string format', () => {
  it.each([
    ['123e4567-e89b-12d3-a456-426614174000', 'uuid'],
    ['2024-02-29T23:59:59Z', 'date-time'],
    ['2024-02-29T23:59:59.123+02:00', 'date-time'],
    ['2024-02-29', 'date'],
    ['ada@example.com', 'email'],
    ['https://example.com/pets?x=1', 'uri'],
    ['ftp://files.example.com', 'uri'],
  ])('recognises %s as %s', (value, format) => {
    expect(detectStringFormat(value)).toBe(format);
  });

  it.each([
    'hello',
    '2023-02-29',
    '2024-13-01',
    '2024-01-01 10:00:00',
    '2024-01-01T10:00:00',
    'ada@example',
    'mailto:ada@example.com',
    'urn:isbn:123',
    '',
  ])('finds no format in %j', (value) => {
    expect(detectStringFormat(value)).toBeUndefined();
  });
});
