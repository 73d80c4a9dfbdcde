/**
 * Quiet hours for `lmn`: a window of the day, `from`–`to` in minutes since midnight,
 * that may cross midnight (`22:00-07:00`). A notification due inside a window is held
 * until the window ends.
 */

/** A quiet window; `from` is inside it, `to` is the first minute after it. */
export interface QuietWindow {
  readonly from: number;
  readonly to: number;
}

const clock = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Reads `HH:MM` (24-hour) into minutes since midnight; `undefined` when malformed.
 *
 * @example
 * readClockTime('07:30'); // 450
 */
export function readClockTime(text: string): number | undefined {
  const match = clock.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/** Prints minutes since midnight as `HH:MM`. */
export function formatClockTime(minutes: number): string {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
}

/**
 * Reads `HH:MM-HH:MM`; a message for the author when it is malformed or empty.
 *
 * @example
 * readQuietWindow('22:00-07:00'); // { ok: true, window: { from: 1320, to: 420 } }
 */
export function readQuietWindow(
  text: string,
): { ok: true; window: QuietWindow } | { ok: false; message: string } {
  const [fromText, toText, ...rest] = text.split('-');
  const from = readClockTime(fromText?.trim() ?? '');
  const to = readClockTime(toText?.trim() ?? '');
  if (rest.length > 0 || from === undefined || to === undefined) {
    return { ok: false, message: `a quiet window is written HH:MM-HH:MM (24-hour), not "${text}"` };
  }
  if (from === to)
    return { ok: false, message: `the quiet window "${text}" starts and ends at the same time` };
  return { ok: true, window: { from, to } };
}

/** Whether a minute of the day lies in the window (crossing midnight when `from > to`). */
export function isInQuietWindow(window: QuietWindow, minute: number): boolean {
  return window.from < window.to
    ? minute >= window.from && minute < window.to
    : minute >= window.from || minute < window.to;
}

/**
 * The window that holds a minute of the day, if any (the first in declaration order).
 *
 * @example
 * findQuietWindow([{ from: 1320, to: 420 }], 30); // { from: 1320, to: 420 }
 */
export function findQuietWindow(windows: readonly QuietWindow[], minute: number): QuietWindow | undefined {
  return windows.find((window) => isInQuietWindow(window, minute));
}

/** Prints a window as `HH:MM-HH:MM`. */
export function formatQuietWindow(window: QuietWindow): string {
  return `${formatClockTime(window.from)}-${formatClockTime(window.to)}`;
}
