/**
 * Reads the documents a spec references (`$ref: ./schemas/pet.yaml`). The toolkit never
 * touches a file system or a network itself: the caller decides what may be read. The CLI
 * backs this port with the file system; a browser or a test can serve files from memory,
 * and a caller who wants remote references can fetch URLs.
 *
 * Contract: `canRead` is synchronous and cheap (it only looks at the URL); a URL it refuses
 * stays an unresolved reference (a warning), while a URL it accepts and then fails to `read`
 * is an error located at every `$ref` that names it. `read` resolves to the document's text
 * (or UTF-8 bytes) and rejects with an `Error` whose message says why (e.g. "no such file").
 *
 * @example
 * const resolver: SpecResolver = {
 *   canRead: (url) => url.protocol === 'file:',
 *   read: (url) => readFile(fileURLToPath(url), 'utf8'),
 * };
 */
export interface SpecResolver {
  /** True when this resolver is responsible for `url` (usually decided by its protocol). */
  canRead(url: URL): boolean;
  /** The text or bytes at `url`; rejects with a readable message when it cannot be read. */
  read(url: URL): Promise<string | Uint8Array>;
}
