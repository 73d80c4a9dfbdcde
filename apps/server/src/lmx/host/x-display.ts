import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runHostCommand } from './run-host-command.js';

/** Why a desktop action could not be done. */
export class DisplayError extends Error {
  readonly code: 'E_HOST_NO_DISPLAY' | 'E_HOST_DISPLAY';
  constructor(code: DisplayError['code'], message: string) {
    super(message);
    this.name = 'DisplayError';
    this.code = code;
  }
}

/** A top-level window on the display. */
export interface DisplayWindow {
  id: number;
  title: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where desktop actions go and how long each may take. */
export interface DisplayTarget {
  /** The X display (`:99`), from the server's `DISPLAY`. */
  display: string | undefined;
  /** The run's own directory: screenshots are written there. */
  cwd: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The user the X tools run as (see `HostModesConfig.runAs`). */
  user?: { uid: number; gid: number };
}

const KEY_COMBO = /^[A-Za-z0-9_+]{1,64}$/;
const MAX_TYPED = 4096;

/** Runs one X tool (xdotool, scrot) without a shell, on the target display only. */
async function runXTool(target: DisplayTarget, argv: string[]): Promise<string> {
  if (!target.display) {
    throw new DisplayError('E_HOST_NO_DISPLAY', 'There is no X display (DISPLAY is not set on the server).');
  }
  const result = await runHostCommand({
    argv,
    cwd: target.cwd,
    env: { PATH: '/usr/bin:/bin', DISPLAY: target.display, HOME: target.cwd, LANG: 'C.UTF-8' },
    timeoutMs: target.timeoutMs ?? 5000,
    maxOutputBytes: 256 * 1024,
    ...(target.signal ? { signal: target.signal } : {}),
    ...(target.user ? { user: target.user } : {}),
  });
  if (result.exitCode !== 0) {
    const reason = result.timedOut
      ? 'timed out'
      : result.stderr.trim().split('\n')[0] || `exit ${result.exitCode}`;
    if (/Can't open display|cannot open display|Failed creating new xdo/i.test(result.stderr)) {
      throw new DisplayError('E_HOST_NO_DISPLAY', `The X display ${target.display} cannot be opened.`);
    }
    throw new DisplayError('E_HOST_DISPLAY', `${argv[0]} failed: ${reason}`);
  }
  return result.stdout;
}

/**
 * The visible top-level windows with their titles and geometry, by id. Read through xdotool, so
 * it works with or without a window manager.
 *
 * @example
 * await listWindows({ display: ':99', cwd }); // [{ id: 2097166, title: 'notes', x: 0, y: 0, width: 244, height: 82 }]
 */
export async function listWindows(target: DisplayTarget): Promise<DisplayWindow[]> {
  let ids: string;
  try {
    ids = await runXTool(target, ['xdotool', 'search', '--onlyvisible', '--name', '.']);
  } catch (error) {
    // xdotool exits 1 when nothing matches: an empty desktop, not a failure.
    if (error instanceof DisplayError && error.code === 'E_HOST_DISPLAY' && /exit 1$/.test(error.message))
      return [];
    throw error;
  }
  const windows: DisplayWindow[] = [];
  for (const line of ids.split('\n')) {
    const id = Number(line.trim());
    if (!Number.isInteger(id) || id <= 0) continue;
    const info = await runXTool(target, [
      'xdotool',
      'getwindowname',
      String(id),
      'getwindowgeometry',
      '--shell',
      String(id),
    ]);
    const [title = '', ...rest] = info.split('\n');
    const geometry = new Map(rest.map((entry) => entry.split('=') as [string, string]));
    const field = (name: string): number => Number(geometry.get(name) ?? 0);
    windows.push({ id, title, x: field('X'), y: field('Y'), width: field('WIDTH'), height: field('HEIGHT') });
  }
  return windows.sort((a, b) => a.id - b.id);
}

/** Focuses and raises the first visible window whose title contains `title`; returns it. */
export async function focusWindow(target: DisplayTarget, title: string): Promise<DisplayWindow> {
  const window = (await listWindows(target)).find((candidate) => candidate.title.includes(title));
  if (!window) throw new DisplayError('E_HOST_DISPLAY', `No visible window has "${title}" in its title.`);
  await runXTool(target, [
    'xdotool',
    'windowraise',
    String(window.id),
    'windowfocus',
    '--sync',
    String(window.id),
  ]);
  return window;
}

/** Types text into the focused window, as key presses. */
export async function typeText(target: DisplayTarget, text: string): Promise<void> {
  if (text.length > MAX_TYPED)
    throw new DisplayError('E_HOST_DISPLAY', `TYPE takes at most ${MAX_TYPED} characters.`);
  await runXTool(target, ['xdotool', 'type', '--delay', '2', '--', text]);
}

/** Presses a key or a combination (`Return`, `ctrl+s`) in the focused window. */
export async function pressKey(target: DisplayTarget, combo: string): Promise<void> {
  if (!KEY_COMBO.test(combo))
    throw new DisplayError('E_HOST_DISPLAY', `"${combo}" is not a key name (letters, digits, _ and +).`);
  await runXTool(target, ['xdotool', 'key', '--', combo]);
}

/** Moves the pointer to (x, y), and clicks a button there when `button` is given. */
export async function movePointer(
  target: DisplayTarget,
  x: number,
  y: number,
  button?: 1 | 2 | 3,
): Promise<void> {
  for (const value of [x, y]) {
    if (!Number.isInteger(value) || value < 0 || value > 100_000)
      throw new DisplayError('E_HOST_DISPLAY', 'Coordinates are whole pixels from 0.');
  }
  const argv = ['xdotool', 'mousemove', '--sync', String(x), String(y)];
  if (button) argv.push('click', String(button));
  await runXTool(target, argv);
}

/**
 * Captures the whole display as a PNG file named `name` in the run's directory (a plain file
 * name: no directories) and returns the file's bytes.
 */
export async function takeScreenshot(
  target: DisplayTarget,
  name: string,
): Promise<{ file: string; bytes: Buffer }> {
  if (!/^[A-Za-z0-9_.-]{1,64}\.png$/.test(name) || name.startsWith('.')) {
    throw new DisplayError(
      'E_HOST_DISPLAY',
      'A screenshot is named like "shot.png": letters, digits, _ . - and .png.',
    );
  }
  await runXTool(target, ['scrot', '--overwrite', name]);
  const file = join(target.cwd, name);
  return { file, bytes: await readFile(file) };
}
