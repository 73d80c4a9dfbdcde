/**
 * The character offsets of a 1-based line (and column) in `text`, for selecting it in an editor.
 *
 * @example
 * lineRange('a\nbc\n', 2); // { start: 2, end: 4, caret: 2 }
 */
export function lineRange(
  text: string,
  line: number,
  column = 1,
): { start: number; end: number; caret: number } {
  let start = 0;
  for (let current = 1; current < line; current += 1) {
    const next = text.indexOf('\n', start);
    if (next === -1) break;
    start = next + 1;
  }
  const newline = text.indexOf('\n', start);
  const end = newline === -1 ? text.length : newline;
  return { start, end, caret: Math.min(end, start + Math.max(0, column - 1)) };
}

/** Selects a line of a text area, focuses it and scrolls the line into view. */
export function selectLine(
  editor: HTMLTextAreaElement | null,
  line: number | undefined,
  column?: number,
): void {
  if (!editor || line === undefined) return;
  const range = lineRange(editor.value, line, column);
  editor.focus();
  editor.setSelectionRange(range.start, range.end);
  const lineHeight = Number.parseFloat(getComputedStyle(editor).lineHeight) || 18;
  editor.scrollTop = Math.max(0, (line - 3) * lineHeight);
}
