import { describe, expect, it } from 'vitest';
import { forgetTargets } from '../spec-model.js';
import {
  clearParameterKeys,
  createParameterKeys,
  parameterKeysClean,
  pathTemplateKeysMatch,
  readParameterKeys,
} from './parameter-keys.js';

const doc = {
  components: {
    parameters: {
      owner: { name: 'owner', in: 'path' },
      page: { name: 'page', in: 'query' },
      hop: { $ref: '#/components/parameters/owner' },
    },
  },
};
const read = (list: unknown) => {
  const keys = createParameterKeys();
  readParameterKeys(doc, list, keys);
  return keys;
};

describe('parameter keys of a parameters list', () => {
  it('read name and in through local references, undefined where they are not strings', () => {
    forgetTargets(doc);
    const keys = read([
      { $ref: '#/components/parameters/hop' },
      { name: 1, in: 'query' },
      'not an object',
      { $ref: '#/components/parameters/missing' },
    ]);
    expect(keys.length).toBe(4);
    expect(keys.names.slice(0, 4)).toEqual(['owner', undefined, undefined, undefined]);
    expect(keys.locations.slice(0, 4)).toEqual(['path', 'query', undefined, undefined]);
    expect(read('not a list').length).toBe(0);
  });

  it('find a repeated name and location, even through a reference, and a second body', () => {
    expect(
      parameterKeysClean(read([{ name: 'owner', in: 'query' }, { $ref: '#/components/parameters/owner' }])),
    ).toBe(true);
    expect(
      parameterKeysClean(read([{ name: 'owner', in: 'path' }, { $ref: '#/components/parameters/hop' }])),
    ).toBe(false);
    expect(
      parameterKeysClean(
        read([
          { name: 'a', in: 'body' },
          { name: 'b', in: 'body' },
        ]),
      ),
    ).toBe(false);
    const long = Array.from({ length: 40 }, (_, index) => ({ name: `p${index}`, in: 'query' }));
    expect(parameterKeysClean(read(long))).toBe(true);
    expect(parameterKeysClean(read([...long, { name: 'p3', in: 'query' }]))).toBe(false);
  });

  it('match path templates against the path parameters of both levels', () => {
    const pathLevel = read([{ $ref: '#/components/parameters/owner' }]);
    const none = read([]);
    expect(pathTemplateKeysMatch(['owner'], pathLevel, none)).toBe(true);
    expect(pathTemplateKeysMatch(['owner', 'repo'], pathLevel, none)).toBe(false);
    expect(pathTemplateKeysMatch(['owner', 'repo'], pathLevel, read([{ name: 'repo', in: 'path' }]))).toBe(
      true,
    );
    expect(pathTemplateKeysMatch([], pathLevel, none)).toBe(false);
    expect(pathTemplateKeysMatch(['owner'], none, read([{ name: 'owner', in: 'query' }]))).toBe(false);
  });

  it('keep no name once cleared, so no document stays reachable', () => {
    const keys = read([
      { name: 'a', in: 'query' },
      { name: 'b', in: 'path' },
    ]);
    readParameterKeys(doc, [{ name: 'c', in: 'query' }], keys);
    clearParameterKeys(keys);
    expect(keys.length).toBe(0);
    expect([...keys.names, ...keys.locations].filter((value) => value !== undefined)).toEqual([]);
  });
});
