/** A markdown file split into its front matter and body. */
export interface FrontMatterSplit {
  data: Record<string, string>;
  body: string;
  /** How many source lines the front matter took (so body line 1 is source line `offset + 1`). */
  offset: number;
}

/**
 * Splits a `---`-fenced front matter block off a markdown text. Only flat `key: value` pairs
 * are read (quotes removed); anything else in the block is ignored, never an error.
 *
 * @example
 * splitFrontMatter('---\ntitle: Auth\n---\n# Auth').data.title; // 'Auth'
 */
export function splitFrontMatter(text: string): FrontMatterSplit {
  const normalized = text.replace(/\r\n?/g, '\n');
  if (!normalized.startsWith('---\n')) return { data: {}, body: normalized, offset: 0 };
  const end = normalized.indexOf('\n---', 3);
  if (end === -1) return { data: {}, body: normalized, offset: 0 };
  const afterFence = normalized.indexOf('\n', end + 4);
  const block = normalized.slice(4, end);
  const body = afterFence === -1 ? '' : normalized.slice(afterFence + 1);
  const data: Record<string, string> = {};
  for (const line of block.split('\n')) {
    const match = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const value = (match[2] ?? '').trim().replace(/^(['"])(.*)\1$/, '$2');
    data[match[1] as string] = value;
  }
  const offset =
    normalized.slice(0, afterFence === -1 ? normalized.length : afterFence + 1).split('\n').length - 1;
  return { data, body, offset };
}
