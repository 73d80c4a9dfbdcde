/**
 * The anchor GitHub gives a heading: lower case, markup and punctuation dropped, spaces to
 * hyphens. Callers dedupe repeats with {@link createSlugger}.
 *
 * @example
 * slugifyHeading('`GET /api/docs/search` — query'); // 'get-apidocssearch--query'
 */
export function slugifyHeading(text: string): string {
  return stripInlineMarkdown(text)
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * A slugger for one page: the second `Usage` heading gets `usage-1`, as on GitHub.
 *
 * @example
 * const slug = createSlugger(); slug('Usage'); slug('Usage'); // 'usage', then 'usage-1'
 */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = slugifyHeading(text);
    const count = seen.get(base);
    seen.set(base, (count ?? -1) + 1);
    if (count === undefined) return base;
    const slug = `${base}-${count + 1}`;
    seen.set(slug, 0);
    return slug;
  };
}

/**
 * Inline markdown reduced to its text: links to their label, code spans and emphasis unwrapped.
 *
 * @example
 * stripInlineMarkdown('See [auth](auth.md) and `x`'); // 'See auth and x'
 */
export function stripInlineMarkdown(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\s][^*_]*?)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/<[^>]+>/g, '');
}
