import { describe, expect, it } from 'vitest';
import { groupChanges } from './change-groups';
import type { SpecChange } from './spec-types';

const change = (operation: string | undefined, level: SpecChange['level'], message: string): SpecChange => ({
  id: 'rule',
  level,
  message,
  ...(operation === undefined ? {} : { operation }),
});

describe('grouping a diff by operation', () => {
  // The toolkit's order: by path then method. Two operations lose the same property.
  const changes = [
    change('GET /orders', 'info', 'Response property note was added.'),
    change('GET /orders', 'error', 'Response property placedAt was removed.'),
    change('GET /orders/{id}', 'warning', 'Parameter expand was deprecated.'),
    change('GET /orders/{id}', 'error', 'Response property placedAt was removed.'),
    change('POST /orders', 'info', 'Operation POST /orders was added.'),
    change(undefined, 'info', 'The info version changed.'),
    change('', 'warning', 'Schema Legacy was removed from components.'),
  ];

  it('tells the same message apart by its operation, breaking groups first in toolkit order', () => {
    const groups = groupChanges(changes);
    expect(groups.map((group) => group.operation)).toEqual([
      'GET /orders',
      'GET /orders/{id}',
      null,
      'POST /orders',
    ]);
    expect(groups.map((group) => [group.breaking, group.warnings])).toEqual([
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
  });

  it('puts breaking changes first inside each group, keeping the order of equal levels', () => {
    const [orders, order] = groupChanges(changes);
    expect(orders?.changes.map((item) => item.level)).toEqual(['error', 'info']);
    expect(order?.changes.map((item) => item.level)).toEqual(['error', 'warning']);
  });

  it('keeps changes tied to no operation together in one group', () => {
    const document = groupChanges(changes).find((group) => group.operation === null);
    expect(document?.changes.map((item) => item.message)).toEqual([
      'Schema Legacy was removed from components.',
      'The info version changed.',
    ]);
  });

  it('answers nothing for no changes', () => {
    expect(groupChanges([])).toEqual([]);
  });
});
