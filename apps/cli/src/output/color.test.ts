import { describe, expect, it } from 'vitest';
import { createStyle, shouldUseColor } from './color.js';

const tty = { write: () => undefined, isTTY: true };
const pipe = { write: () => undefined };

describe('choosing colour', () => {
  it('colours a terminal and not a pipe', () => {
    expect(shouldUseColor(tty, {})).toBe(true);
    expect(shouldUseColor(pipe, {})).toBe(false);
  });

  it('honours NO_COLOR and TERM=dumb on a terminal', () => {
    expect(shouldUseColor(tty, { NO_COLOR: '1' })).toBe(false);
    expect(shouldUseColor(tty, { TERM: 'dumb' })).toBe(false);
    expect(shouldUseColor(tty, { NO_COLOR: '' })).toBe(true);
  });

  it('lets FORCE_COLOR switch colour on or off whatever the stream', () => {
    expect(shouldUseColor(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(shouldUseColor(pipe, { FORCE_COLOR: '' })).toBe(true);
    expect(shouldUseColor(tty, { FORCE_COLOR: '0' })).toBe(false);
    expect(shouldUseColor(tty, { FORCE_COLOR: 'false' })).toBe(false);
    expect(shouldUseColor(pipe, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
  });

  it('styles text only when enabled', () => {
    expect(createStyle(false).red('x')).toBe('x');
    expect(createStyle(true).red('x')).toBe('\u001b[31mx\u001b[39m');
  });
});
