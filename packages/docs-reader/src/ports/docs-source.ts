/**
 * Where the build reads a docs folder from. The core never touches a file system: the CLI and
 * the server back this with one (`createFileDocsSource` in `@svc/docs-reader/node`), tests with
 * memory (`createMemoryDocsSource` in `@svc/docs-reader/testing`).
 *
 * Contract: `list` returns every file below the folder as a `/`-separated path relative to it
 * (no leading `./`), in any order; `read` returns a listed file's bytes and rejects for an
 * unlisted one.
 */
export interface DocsSource {
  list(): Promise<string[]>;
  read(path: string): Promise<Uint8Array>;
}
