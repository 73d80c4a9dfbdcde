/** Ids the static site uses for its own files under `docs/`, which no page may take. */
export const RESERVED_PAGE_IDS: ReadonlySet<string> = new Set([
  'index',
  'graph',
  'symbols',
  'search-index',
  'components',
  'downloads',
]);

/**
 * The page id of a markdown file of the docs folder: its path without `.md`; a folder's
 * `index.md` takes the folder's id (`gate/index.md` is `gate`) and the root `index.md` is `home`
 * (`docs/index.json` is the catalogue, so no page is `index`).
 *
 * @example
 * toPageId('gate/index.md'); // 'gate'
 */
export function toPageId(path: string): string {
  const bare = path.replace(/\.md$/, '');
  if (bare === 'index') return 'home';
  return bare.endsWith('/index') ? bare.slice(0, -'/index'.length) : bare;
}
