/** The files of a built site: path (relative to the output folder, `/`-separated) → content. */
export type SiteFiles = Map<string, string | Uint8Array>;

/**
 * JSON as every site file writes it: two-space indented, keys in the order built, a final newline.
 *
 * @example
 * toJsonText({ a: 1 }); // '{\n  "a": 1\n}\n'
 */
export function toJsonText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * The hex SHA-256 of a text or bytes (Web Crypto, present in Node 20 and browsers).
 *
 * @example
 * await sha256Hex('abc'); // 'ba7816bf…'
 */
export async function sha256Hex(content: string | Uint8Array): Promise<string> {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Sorts a site's files by path so that writing them, listing them and hashing them is stable.
 *
 * @example
 * sortSiteFiles(files).keys().next().value; // 'api.json'
 */
export function sortSiteFiles(files: SiteFiles): SiteFiles {
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The site-wide facts every index file repeats. */
export interface SiteInfo {
  name: string;
  commit: string;
  builtAt: string;
  /** URL prefix of the site's files ('' for root-relative URLs). */
  baseUrl: string;
}
