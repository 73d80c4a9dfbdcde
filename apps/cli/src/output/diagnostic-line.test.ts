import { describe, expect, it } from 'vitest';
import { createStyle } from './color.js';
import { formatDiagnostic } from './diagnostic-line.js';

const plain = createStyle(false);

describe('formatting a diagnostic line', () => {
  it('writes file:line:col, code and message', () => {
    const line = formatDiagnostic(
      'a.yaml',
      { code: 'SPEC_X', message: 'Bad.', path: '/info', line: 3, column: 5 },
      'error',
      plain,
    );
    expect(line).toBe('a.yaml:3:5  SPEC_X  Bad.');
  });

  it('leaves out an unknown column, or the whole position with the pointer after the message', () => {
    expect(
      formatDiagnostic('a.yaml', { code: 'SPEC_X', message: 'Bad.', path: '/a', line: 3 }, 'error', plain),
    ).toBe('a.yaml:3  SPEC_X  Bad.');
    expect(
      formatDiagnostic('a.yaml', { code: 'SPEC_X', message: 'Bad.', path: '/a/b' }, 'error', plain),
    ).toBe('a.yaml  SPEC_X  Bad.  at #/a/b');
  });

  it('marks warnings', () => {
    const line = formatDiagnostic(
      'a.yaml',
      { code: 'SPEC_W', message: 'Hm.', path: '', line: 1, column: 1 },
      'warning',
      plain,
    );
    expect(line).toBe('a.yaml:1:1  warning  SPEC_W  Hm.');
  });
});
