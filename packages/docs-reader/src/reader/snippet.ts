/**
 * A snippet of a section's text around the first match, each match marked `**like this**`
 * (the rest left as written). Falls back to the text's start when nothing matches.
 *
 * @example
 * makeSnippet('Run the validator on a spec.', ['spec']); // 'Run the validator on a **spec**.'
 */
export function makeSnippet(text: string, terms: readonly string[], width = 180): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const words = [...new Set(terms.filter((term) => term.length > 0))].sort((a, b) => b.length - a.length);
  const pattern = words.length > 0 ? new RegExp(words.map(escapeRegExp).join('|'), 'gi') : undefined;
  const first = pattern ? flat.search(pattern) : -1;
  let start = first <= 0 ? 0 : Math.max(0, first - Math.floor(width / 3));
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < first) start = space + 1;
  }
  let end = Math.min(flat.length, start + width);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > first) end = space;
  }
  let window = flat.slice(start, end);
  // Adjacent matches (`rate` then `limit` in `ratelimit`) become one mark.
  if (pattern) window = window.replace(pattern, (match) => `**${match}**`).replace(/\*{4}/g, '');
  return `${start > 0 ? '…' : ''}${window}${end < flat.length ? '…' : ''}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
