import { describe, expect, it } from 'vitest';
import {
  type AdapterDefinition,
  BUILT_IN_ADAPTERS,
  createAdapterRegistry,
  defineAdapterFunction,
} from './adapter-registry.js';

const noop = defineAdapterFunction<Record<string, never>>({
  description: 'Does nothing.',
  argsSchema: { type: 'object' },
  run: async () => null,
});

function systemNamed(
  system: string,
  functions: AdapterDefinition['functions'] = { noop },
): AdapterDefinition {
  return { system, description: `${system} system`, functions };
}

describe('adapter registry', () => {
  it('holds the built-in spec adapter by default', () => {
    const registry = createAdapterRegistry();
    expect(registry.list().map((s) => s.system)).toEqual(['spec']);
    expect(registry.get('spec', 'validate')?.argsSchema).toMatchObject({
      type: 'object',
      required: ['spec'],
    });
    expect(BUILT_IN_ADAPTERS.map((s) => s.system)).toEqual(['spec']);
  });

  it('starts empty when given no definitions, and registers later', () => {
    const registry = createAdapterRegistry([]);
    expect(registry.list()).toEqual([]);
    registry.register(systemNamed('weather'));
    expect(registry.get('weather', 'noop')).toBe(noop);
  });

  it('lists systems and functions in code-unit order', () => {
    const registry = createAdapterRegistry([
      systemNamed('zeta', { b: noop, B: noop, a: noop }),
      systemNamed('alpha'),
    ]);
    expect(registry.list().map((s) => [s.system, s.functions.map((f) => f.name)])).toEqual([
      ['alpha', ['noop']],
      ['zeta', ['B', 'a', 'b']],
    ]);
  });

  it('never returns prototype members as functions', () => {
    const registry = createAdapterRegistry();
    for (const [system, fn] of [
      ['spec', 'constructor'],
      ['spec', '__proto__'],
      ['__proto__', 'validate'],
      ['constructor', 'name'],
      ['spec', 'hasOwnProperty'],
    ] as const) {
      expect(registry.get(system, fn)).toBeUndefined();
    }
  });

  it('refuses bad names, duplicates and argument schemas that are not objects', () => {
    const registry = createAdapterRegistry([systemNamed('taken')]);
    expect(() => registry.register(systemNamed('taken'))).toThrow(/already registered/);
    for (const bad of ['', 'Upper', '9lives', 'has space', 'a/b', 'x'.repeat(65)]) {
      expect(() => registry.register(systemNamed(bad))).toThrow(/Bad adapter system name/);
    }
    expect(() => registry.register(systemNamed('ok', { 'bad-name': noop }))).toThrow(
      /Bad adapter function name/,
    );
    const arrayArgs = { ...noop, argsSchema: { type: 'array' } };
    expect(() => registry.register(systemNamed('arrays', { list: arrayArgs }))).toThrow(
      /must have type "object"/,
    );
  });
});
