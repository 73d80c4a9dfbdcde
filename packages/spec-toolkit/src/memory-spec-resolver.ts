import type { SpecResolver } from './ports/spec-resolver.js';

/**
 * A {@link SpecResolver} serving documents from memory, keyed by absolute URL. It answers for
 * every URL with a protocol one of its keys uses, so a missing document in that scheme is an
 * error while other URLs (`https:`) stay unresolved. For tests, browsers and editors.
 *
 * @example
 * const resolver = createMemoryResolver({
 *   'mem:/api/openapi.yaml': 'openapi: 3.1.0\n…',
 *   'mem:/api/schemas/pet.yaml': 'type: object\n',
 * });
 * const spec = await resolveSpec({ url: 'mem:/api/openapi.yaml', resolver });
 */
export function createMemoryResolver(documents: Readonly<Record<string, string | Uint8Array>>): SpecResolver {
  const byUrl = new Map<string, string | Uint8Array>();
  const protocols = new Set<string>();
  for (const [key, text] of Object.entries(documents)) {
    const url = new URL(key);
    url.hash = '';
    byUrl.set(url.href, text);
    protocols.add(url.protocol);
  }
  return {
    canRead: (url) => protocols.has(url.protocol),
    read: async (url) => {
      const text = byUrl.get(url.href);
      if (text === undefined) throw new Error(`no such document ${url.href}`);
      return text;
    },
  };
}
