import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Test support: docs pages mark examples a test runs with an info string `<lang> example:<name>`.

const docsDirectory = fileURLToPath(new URL('../../../../docs/', import.meta.url));

/**
 * The text of the fenced block marked `example:<name>` in `docs/<page>`; throws when the page
 * has no such block, so a renamed example fails its test instead of passing silently.
 *
 * @example
 * const document = JSON.parse(readDocExample('functions.md', 'function-document'));
 */
export function readDocExample(page: string, name: string): string {
  const text = readFileSync(`${docsDirectory}${page}`, 'utf8');
  for (const match of text.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)) {
    if ((match[1] ?? '').trim().split(/\s+/).includes(`example:${name}`))
      return (match[2] ?? '').replace(/\n$/, '');
  }
  throw new Error(`docs/${page} has no example:${name} block`);
}
