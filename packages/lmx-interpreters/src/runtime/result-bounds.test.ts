import { afterAll, describe, expect, it } from 'vitest';
import { createScriptRunner } from './script-runner.js';

// What crosses from the sandbox worker to the host is bounded in the worker, before it is
// copied: the run's value (valueChars of JSON), each bridge call's arguments (the same bound)
// and error messages (1000 characters); output has its own limit (outputChars).

const runner = createScriptRunner({ poolSize: 1, maxWorkers: 2 });
afterAll(() => runner.close());

const HUNDRED_COPIES = 'let s = repeat("a", 1000000)\nlet l = []\nfor i in range(100) push(l, s) end';

describe("the run's value", () => {
  it('stops a value of 100 copies of a 1 MB string with E_LIMIT_VALUE, keeping the output', async () => {
    const result = await runner.run({ mode: 'lmx', source: `print "built"\n${HUNDRED_COPIES}\nreturn l` });
    expect(result).toMatchObject({
      ok: false,
      output: ['built'],
      error: {
        code: 'E_LIMIT_VALUE',
        message: "the run's value would be longer than 1000000 characters as JSON",
      },
    });
    expect(result.value).toBeUndefined();
  });

  it('counts the JSON text exactly: quotes, escapes and separators', async () => {
    // '"' + 999 998 characters + '"' is 1 000 000 characters: allowed; one more is not.
    const fits = await runner.run({ mode: 'lmx', source: 'return repeat("a", 999998)' });
    expect(fits.ok).toBe(true);
    expect(JSON.stringify(fits.value)).toHaveLength(1_000_000);
    const over = await runner.run({ mode: 'lmx', source: 'return repeat("a", 999999)' });
    expect(over.error?.code).toBe('E_LIMIT_VALUE');
    // A control character is written as \u0001: six characters each.
    const escaped = await runner.run({ mode: 'lmx', source: 'return repeat("\\u0001", 200000)' });
    expect(escaped.error?.code).toBe('E_LIMIT_VALUE');
  });

  it('bounds the value of every language (lmy returns its document)', async () => {
    const result = await runner.run({
      mode: 'lmy',
      source: 's: repeat("a", 600)\nt: s + "b"',
      limits: { valueChars: 1000 },
    });
    expect(result.error?.code).toBe('E_LIMIT_VALUE');
  });

  it('can be lowered per request, like the other limits', async () => {
    const result = await runner.run({ mode: 'lmx', source: 'return [1, 2, 3]', limits: { valueChars: 6 } });
    expect(result.error?.code).toBe('E_LIMIT_VALUE');
  });
});

describe('bridge call arguments', () => {
  it('refuses arguments longer than the bound before they leave the worker: the bridge never sees them', async () => {
    const seen: unknown[] = [];
    const result = await runner.run({
      mode: 'lmx',
      source: `${HUNDRED_COPIES}\nadapter("x.y", {items: l})`,
      bridges: {
        adapters: {
          call: async (request) => {
            seen.push(request);
            return null;
          },
        },
      },
    });
    expect(result.error).toMatchObject({
      code: 'E_LIMIT_VALUE',
      message: 'the arguments of a "adapters" bridge call would be longer than 1000000 characters as JSON',
      line: 4,
    });
    expect(seen).toEqual([]);
  });
});

describe('error messages', () => {
  it('cuts a message quoting script data to 1000 characters', async () => {
    const result = await runner.run({ mode: 'lmx', source: 'print num(repeat("x", 900000))' });
    expect(result.error?.code).toBe('E_RUNTIME');
    expect(result.error?.message.length).toBe(1001);
    expect(result.error?.message.endsWith('…')).toBe(true);
  });
});
