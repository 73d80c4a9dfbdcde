/** Where a link in a page points. */
export interface ResolvedLink {
  /** The file path in the docs folder, or null (external or site-absolute). */
  target: string | null;
  anchor: string | null;
  external: boolean;
}

/**
 * Resolves a link written in the file `pagePath` against the docs folder: `../gate/auth.md#keys`
 * from `dreamer/server.md` is `gate/auth.md`, anchor `keys`; `#usage` is the same file. Links with a
 * scheme (`https:`, `mailto:`) are external; root-absolute ones (`/openapi.json`) are site URLs
 * and not checked. A target starting `../` lies outside the folder.
 *
 * @example
 * resolveLink('dreamer/server.md', '../gate/auth.md#keys'); // { target: 'gate/auth.md', anchor: 'keys', external: false }
 */
export function resolveLink(pagePath: string, href: string): ResolvedLink {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//'))
    return { target: null, anchor: null, external: true };
  const hashAt = href.indexOf('#');
  const path = decodeSafely(hashAt === -1 ? href : href.slice(0, hashAt)).replace(/\?.*$/, '');
  const anchor = hashAt === -1 ? null : decodeSafely(href.slice(hashAt + 1)) || null;
  if (path.startsWith('/')) return { target: null, anchor, external: false };
  if (path === '') return { target: pagePath, anchor, external: false };
  const parts = pagePath.split('/').slice(0, -1);
  const out: string[] = [...parts];
  let above = 0;
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0) out.pop();
      else above++;
    } else out.push(part);
  }
  const joined = `${'../'.repeat(above)}${out.join('/')}`;
  return { target: joined, anchor, external: false };
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
