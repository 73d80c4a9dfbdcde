import { describe, expect, it } from 'vitest';
import { isServerError } from '../errors/server-error.js';
import { findExcessiveNesting, MAX_JSON_DEPTH, parseJsonBody } from './json-body-parser.js';

describe('the JSON body parser', () => {
  it('finds the bracket that opens one level too many, skipping strings and escapes', () => {
    expect(findExcessiveNesting('[[[1]]]', 2)).toBe(2);
    expect(findExcessiveNesting('[[[1]]]', 3)).toBe(-1);
    expect(findExcessiveNesting('{"a":{"b":[1]}}', 2)).toBe(10);
    expect(findExcessiveNesting('{"a":"[[[[{{{{"}', 1)).toBe(-1);
    expect(findExcessiveNesting('{"a":"\\"[[[["}', 1)).toBe(-1);
    // Siblings do not add up: depth goes back down as brackets close.
    expect(findExcessiveNesting('[[1],[2],[3],[4]]', 2)).toBe(-1);
  });

  it('refuses a body nested past the bound before parsing it', () => {
    const text = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    let caught: unknown;
    try {
      parseJsonBody(text);
    } catch (error) {
      caught = error;
    }
    expect(isServerError(caught) && caught.code).toBe('SERVER_JSON_TOO_DEEP');
  });

  it('parses what is within the bound and refuses prototype keys', () => {
    const nested = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(JSON.stringify(parseJsonBody(nested))).toBe(nested);
    expect(parseJsonBody('{"amount":5}')).toEqual({ amount: 5 });
    expect(() => parseJsonBody('{"__proto__":{"x":1}}')).toThrow(/forbidden key/);
    expect(() => parseJsonBody('{"constructor":{"prototype":{"x":1}}}')).toThrow(/forbidden key/);
    expect(() => parseJsonBody('{"a":')).toThrow(/not valid JSON/);
    expect(() => parseJsonBody('')).toThrow(/cannot be empty/);
  });
});
