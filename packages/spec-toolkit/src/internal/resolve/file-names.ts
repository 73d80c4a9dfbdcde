/**
 * Names a referenced document for messages: its path relative to the entry's, joined onto the
 * entry's own name (`api/openapi.yaml` + `file:///…/api/schemas/pet.yaml` → `api/schemas/pet.yaml`).
 * A document on another host or protocol is named by its full URL.
 *
 * @example
 * nameDocument(new URL('file:///p/a/s/pet.yaml'), new URL('file:///p/a/openapi.yaml'), 'a/openapi.yaml'); // 'a/s/pet.yaml'
 */
export function nameDocument(url: URL, entryUrl: URL, entryName: string): string {
  if (url.protocol !== entryUrl.protocol || url.host !== entryUrl.host) return url.href;
  const from = decodePath(entryUrl.pathname).split('/').slice(0, -1);
  const to = decodePath(url.pathname).split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const relative = [...from.slice(common).map(() => '..'), ...to.slice(common)];
  const base = entryName.includes('/') ? entryName.slice(0, entryName.lastIndexOf('/')).split('/') : [];
  return normalizeSegments([...base, ...relative]).join('/');
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Removes `.` and resolves `..` against earlier segments, keeping leading `..`. */
function normalizeSegments(segments: string[]): string[] {
  const out: string[] = [];
  for (const segment of segments) {
    if (segment === '.' || segment === '') continue;
    if (segment === '..' && out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else out.push(segment);
  }
  return out;
}
