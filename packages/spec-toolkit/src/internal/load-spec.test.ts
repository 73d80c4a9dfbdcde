import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../types.js';
import { loadSpec } from './load-spec.js';

const at = (input: string, pointers: string[]) => {
  const diagnostics: Diagnostic[] = pointers.map((path) => ({ code: 'X', message: '', path }));
  loadSpec(input).addPositions(diagnostics);
  return diagnostics.map((d) => `${d.path} ${d.line}:${d.column}`);
};

describe('loadSpec', () => {
  it('locates pointers in block YAML, including compact sequences and quoted keys', () => {
    const yaml = [
      'openapi: 3.0.0',
      'tags:',
      '- name: a',
      '  description: b',
      '- name: c',
      'paths:',
      '  "/pets/{id}":',
      '    get:',
      '      description: |',
      '        responses: not a key',
      '      parameters:',
      '        - name: id',
      '          in: path',
      '      responses:',
      "        '200':",
      '          description: ok',
    ].join('\n');
    expect(
      at(yaml, [
        '/tags/1/name',
        '/tags/0/description',
        '/paths/~1pets~1{id}/get/parameters/0/in',
        '/paths/~1pets~1{id}/get/responses/200',
      ]),
    ).toEqual([
      '/tags/1/name 5:3',
      '/tags/0/description 4:3',
      '/paths/~1pets~1{id}/get/parameters/0/in 13:11',
      '/paths/~1pets~1{id}/get/responses/200 15:9',
    ]);
  });

  it('falls back to the nearest ancestor for a member that is not written', () => {
    expect(at('info:\n  title: x\n', ['/info/version'])).toEqual(['/info/version 1:1']);
    expect(at('{\n  "info": {\n    "title": "x"\n  }\n}', ['/info/version'])).toEqual(['/info/version 2:3']);
  });

  it('locates JSON members at their key and array items at their value', () => {
    expect(at('{"a": [10, {"b/c": 1}]}', ['/a/1/b~1c', '/a/0', ''])).toEqual([
      '/a/1/b~1c 1:13',
      '/a/0 1:8',
      ' 1:1',
    ]);
  });

  it('reads bytes as UTF-8 and strips a byte-order mark', () => {
    expect(loadSpec(new TextEncoder().encode('\ufeff{"a":1}')).doc).toEqual({ a: 1 });
  });

  it('keeps YAML scalars as JSON values: no dates, core schema booleans', () => {
    expect(loadSpec('version: 2024-01-01\nok: true\nn: ~\n').doc).toEqual({
      version: '2024-01-01',
      ok: true,
      n: null,
    });
  });
});
