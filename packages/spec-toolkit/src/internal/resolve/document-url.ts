/** A `$ref` split into the document it names and the JSON pointer fragment inside it. */
export interface RefTarget {
  /** The document's absolute URL, without fragment. */
  document: string;
  /** The decoded fragment (`''` for the whole document); null when it is not a JSON pointer. */
  pointer: string | null;
}

/**
 * Resolves a `$ref` against the URL of the document it is written in; undefined when the
 * reference is not a valid URL reference at all.
 *
 * @example
 * splitRef('./pet.yaml#/Pet', 'file:///api/openapi.yaml'); // { document: 'file:///api/pet.yaml', pointer: '/Pet' }
 */
export function splitRef(ref: string, base: string): RefTarget | undefined {
  let url: URL;
  try {
    url = new URL(ref, base);
  } catch {
    return undefined;
  }
  const hash = url.hash;
  url.hash = '';
  let pointer: string | null = '';
  if (hash.length > 1) {
    try {
      pointer = decodeURIComponent(hash.slice(1));
    } catch {
      pointer = null;
    }
    if (pointer !== null && !pointer.startsWith('/')) pointer = null;
  }
  return { document: url.href, pointer };
}
