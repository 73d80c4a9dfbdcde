/** A spec loaded from a file: the `File` itself (its text stays out of the page) and a preview. */
export interface LoadedFile {
  file: File;
  /** The first lines (at most {@link PREVIEW_BYTES} bytes), for the person to see what they loaded. */
  preview: string;
  /** True when the preview is not the whole file. */
  truncated: boolean;
}

/** How much of a file the preview reads. */
export const PREVIEW_BYTES = 2048;

/** Files up to this size may be moved into the editor to be edited (a textarea stays quick there). */
export const EDITABLE_BYTES = 1024 * 1024;

/**
 * Reads a file's first bytes for its preview; the rest is read by the checker, off the page.
 *
 * @example
 * const loaded = await loadFile(input.files[0]);
 */
export async function loadFile(file: File): Promise<LoadedFile> {
  const head = await file.slice(0, PREVIEW_BYTES).text();
  const truncated = file.size > PREVIEW_BYTES;
  // Cut at the last whole line so the preview never ends mid-character or mid-line.
  const cut = truncated ? head.lastIndexOf('\n') : -1;
  return { file, preview: cut > 0 ? head.slice(0, cut) : head, truncated };
}

/**
 * A byte count for people: `812 B`, `4.2 KB`, `13.0 MB`.
 *
 * @example
 * formatBytes(13_631_488); // '13.0 MB'
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
