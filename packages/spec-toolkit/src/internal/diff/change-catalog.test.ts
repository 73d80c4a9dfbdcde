import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHANGE_LEVELS, CONSTRAINT_SUFFIXES, createChange } from './change-catalog.js';
import { createSchemaChange, type SchemaContext } from './schema-context.js';

const DOCS = new URL('../../../../../docs/spec-toolkit/diff.md', import.meta.url);

/** The schema rule families and the suffixes each can produce, as schema-rules.ts builds them. */
const FAMILIES: [SchemaContext['direction'], SchemaContext['role'], string[]][] = [
  [
    'request',
    'parameter',
    [
      'type-changed',
      'type-generalized',
      'became-nullable',
      'became-not-nullable',
      'enum-value-removed',
      'enum-value-added',
      'became-enum',
    ],
  ],
  [
    'request',
    'body',
    [
      'type-changed',
      'type-generalized',
      'became-nullable',
      'became-not-nullable',
      'enum-value-removed',
      'enum-value-added',
      'became-enum',
    ],
  ],
  [
    'request',
    'property',
    [
      'type-changed',
      'type-generalized',
      'became-nullable',
      'became-not-nullable',
      'enum-value-removed',
      'enum-value-added',
      'became-enum',
      'became-required',
      'became-optional',
    ],
  ],
  [
    'response',
    'body',
    [
      'type-changed',
      'type-specialized',
      'became-nullable',
      'became-not-nullable',
      'enum-value-removed',
      'enum-value-added',
    ],
  ],
  [
    'response',
    'property',
    [
      'type-changed',
      'type-specialized',
      'became-nullable',
      'became-not-nullable',
      'enum-value-removed',
      'enum-value-added',
      'became-required',
      'became-optional',
    ],
  ],
];

describe('change catalogue', () => {
  it('has an entry for every schema change id the rules can build', () => {
    const constraints: typeof FAMILIES = FAMILIES.map(([direction, role]) => [
      direction,
      role,
      [...CONSTRAINT_SUFFIXES],
    ]);
    for (const [direction, role, suffixes] of [...FAMILIES, ...constraints]) {
      for (const suffix of suffixes) {
        const change = createSchemaChange({ direction, role, subject: '' }, suffix, 'new', '', '');
        expect(CHANGE_LEVELS).toHaveProperty([change.id], change.level);
      }
    }
    expect(() =>
      createSchemaChange({ direction: 'response', role: 'body', subject: '' }, 'became-enum', 'new', '', ''),
    ).toThrow(/Unknown change id/);
  });

  it('gives each change the level the catalogue fixes', () => {
    expect(createChange('operation-removed', 'old', '/paths/~1a/get', 'gone').level).toBe('error');
    expect(createChange('response-property-became-optional', 'new', '', '').level).toBe('warning');
  });

  it('is documented row for row, with the same levels, in docs/spec-toolkit/diff.md', () => {
    const rows = new Map<string, string>();
    for (const match of readFileSync(DOCS, 'utf8').matchAll(/^\| `([a-z-]+)` \| (error|warning|info) \|/gm)) {
      rows.set(match[1] as string, match[2] as string);
    }
    expect(Object.fromEntries(rows)).toEqual(CHANGE_LEVELS);
  });
});
