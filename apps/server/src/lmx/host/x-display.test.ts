import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDisplayWithWindow } from '../../testing/lmx-test-helpers.js';
import {
  DisplayError,
  focusWindow,
  listWindows,
  movePointer,
  pressKey,
  takeScreenshot,
  typeText,
} from './x-display.js';

const cwd = realpathSync(mkdtempSync(join(tmpdir(), 'svc-x-display-')));
let target: { display: string; cwd: string } = { display: '', cwd };
let desktop: { display: string; stop(): void } | undefined;

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const value = read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

beforeAll(async () => {
  // A small terminal whose keyboard input lands in a file the test reads back, on a display of
  // its own (the helper waits for the window to show, however loaded the machine is).
  desktop = await startDisplayWithWindow('svc-notes', join(cwd, 'typed.txt'));
  target = { display: desktop.display, cwd };
}, 120_000);

afterAll(() => {
  desktop?.stop();
  rmSync(cwd, { recursive: true, force: true });
});

describe('the X display helpers on a real Xvfb display', () => {
  it('lists the window, focuses it, types into it and reads the result back', async () => {
    let windows = await listWindows(target);
    for (let attempt = 0; attempt < 100 && !windows.some((w) => w.title === 'svc-notes'); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      windows = await listWindows(target);
    }
    const notes = windows.find((window) => window.title === 'svc-notes');
    expect(notes).toMatchObject({ title: 'svc-notes' });
    expect(notes?.width).toBeGreaterThan(50);

    await focusWindow(target, 'svc-notes');
    await typeText(target, 'hello from lmk');
    await pressKey(target, 'Return');
    const typed = await waitFor(() => {
      const text = existsSync(join(cwd, 'typed.txt')) ? readFileSync(join(cwd, 'typed.txt'), 'utf8') : '';
      return text.includes('\n') ? text : undefined;
    }, 'typed text');
    expect(typed).toBe('hello from lmk\n');
  });

  it('moves the pointer and clicks', async () => {
    await expect(movePointer(target, 20, 20, 1)).resolves.toBeUndefined();
    await expect(movePointer(target, -1, 20)).rejects.toThrow(/whole pixels/);
  });

  it('takes a screenshot as a PNG file in the run directory', async () => {
    const shot = await takeScreenshot(target, 'desk.png');
    expect(shot.file).toBe(join(cwd, 'desk.png'));
    expect(shot.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(shot.bytes.readUInt32BE(16)).toBe(640);
    expect(shot.bytes.readUInt32BE(20)).toBe(480);
    await expect(takeScreenshot(target, '../escape.png')).rejects.toThrow(DisplayError);
  });

  it('refuses key names that are not key names', async () => {
    await expect(pressKey(target, 'ctrl+s; rm')).rejects.toThrow(/not a key name/);
  });

  it('refuses clearly without a display', async () => {
    await expect(listWindows({ display: undefined, cwd })).rejects.toMatchObject({
      code: 'E_HOST_NO_DISPLAY',
    });
    await expect(listWindows({ display: ':57', cwd })).rejects.toMatchObject({ code: 'E_HOST_NO_DISPLAY' });
  });
});
