// Test support for the Specs screen's suites; never imported by production code.

/**
 * Builds a large OpenAPI 3.0.3 document as block YAML (the form GitHub publishes its description
 * in; slower to parse than JSON, so a check lasts long enough to click during it),
 * deterministically (no clock, no randomness): `resources` resources, each with a path of two
 * operations and a schema of twelve described fields, about 3.5 KB of text each. The last path,
 * `/broken/{id}`, names a path parameter no operation declares, so the document has exactly one
 * error, after every other path.
 *
 * Self-contained on purpose (no helper functions, no imports, no recursion): the suites turn it
 * into a script for `page.evaluate`, so the text is made inside the browser and never crosses the
 * driver's wire.
 *
 * @example
 * const text = buildLargeSpecText(THIRTEEN_MB_RESOURCES);
 */
export function buildLargeSpecText(resources: number): string {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (let index = 0; index < resources; index += 1) {
    const name = `Resource${index}`;
    const properties: Record<string, unknown> = { id: { type: 'string', description: 'Identifier.' } };
    for (let field = 0; field < 12; field += 1) {
      properties[`field${field}`] = {
        type: field % 3 === 0 ? 'integer' : 'string',
        description: `Field ${field} of ${name}, kept long enough to weigh what a real description weighs.`,
      };
    }
    schemas[name] = { type: 'object', required: ['id'], properties };
    const reference = { $ref: `#/components/schemas/${name}` };
    paths[`/resources${index}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      get: {
        operationId: `get${name}`,
        summary: `Reads one ${name}.`,
        responses: {
          '200': { description: 'The resource.', content: { 'application/json': { schema: reference } } },
          '404': { description: 'No such resource.' },
        },
      },
      put: {
        operationId: `put${name}`,
        summary: `Replaces one ${name}.`,
        requestBody: { required: true, content: { 'application/json': { schema: reference } } },
        responses: { '204': { description: 'Replaced.' } },
      },
    };
  }
  paths['/broken/{id}'] = { get: { operationId: 'getBroken', responses: { '200': { description: 'OK' } } } };
  const document = {
    openapi: '3.0.3',
    info: { title: 'A large generated API', version: '1.0.0' },
    paths,
    components: { schemas },
  };
  // Keys and strings are written as JSON strings, which YAML reads as double-quoted scalars.
  const lines: string[] = [];
  const stack: { prefix: string; value: unknown; indent: string }[] = [
    { prefix: '', value: document, indent: '' },
  ];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === undefined) break;
    const { prefix, value, indent } = item;
    const entries: [string, unknown][] | undefined = Array.isArray(value)
      ? value.map((child): [string, unknown] => ['-', child])
      : typeof value === 'object' && value !== null
        ? Object.entries(value).map(([key, child]): [string, unknown] => [`${JSON.stringify(key)}:`, child])
        : undefined;
    if (entries === undefined) {
      lines.push(`${indent}${prefix} ${JSON.stringify(value)}`);
      continue;
    }
    if (entries.length === 0) {
      lines.push(`${indent}${prefix} ${Array.isArray(value) ? '[]' : '{}'}`);
      continue;
    }
    const inner = prefix === '' ? indent : `${indent}  `;
    if (prefix !== '') lines.push(`${indent}${prefix}`);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const entry = entries[index];
      if (entry) stack.push({ prefix: entry[0], value: entry[1], indent: inner });
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Resources for a document of about 13.8 million characters (13.2 MiB), the size of GitHub's description. */
export const THIRTEEN_MB_RESOURCES = 4750;

/**
 * A script for `page.evaluate` (Playwright and Puppeteer both take an expression): builds the
 * document in the page, hands it to the file picker `selector` as `fileName` the way a person
 * picking a file would (a `change` event with the `File`), and returns the text's length.
 *
 * @example
 * const length = await page.evaluate(pickLargeSpecScript('#spec-text-picker', 'large-api.yaml'));
 */
export function pickLargeSpecScript(
  selector: string,
  fileName: string,
  resources = THIRTEEN_MB_RESOURCES,
): string {
  return `(() => {
    const text = (${buildLargeSpecText.toString()})(${JSON.stringify(resources)});
    const input = document.querySelector(${JSON.stringify(selector)});
    const data = new DataTransfer();
    data.items.add(new File([text], ${JSON.stringify(fileName)}, { type: 'application/yaml' }));
    input.files = data.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return text.length;
  })()`;
}

/**
 * A script for `page.evaluate` that watches the page's thread while a check runs: for each click
 * on a button labelled `label`, how long the input waited before it was handled
 * (`performance.now() - timeStamp`) and whether a check was still running then (`.check-status`
 * shown); and the longest gap between ticks of a 10 ms timer while a check was running (a blocked
 * thread shows as a long gap). The suite's own work on that thread (axe, screenshots) goes between
 * {@link pauseWatchScript} and {@link resumeWatchScript}. Read with {@link readWatchScript};
 * figures for the record, not for assertions.
 */
export function watchPageScript(label: string): string {
  return `(() => {
    const watch = { clicks: [], longestStallMs: 0, paused: false };
    window.__specWatch = watch;
    document.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('button') : null;
      if (!button || button.textContent !== ${JSON.stringify(label)}) return;
      watch.clicks.push({
        waitedMs: performance.now() - event.timeStamp,
        whileChecking: document.querySelector('.check-status') !== null,
      });
    }, true);
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      if (watch.paused) {
        last = now;
        return;
      }
      if (document.querySelector('.check-status') !== null)
        watch.longestStallMs = Math.max(watch.longestStallMs, now - last - 10);
      last = now;
    }, 10);
  })()`;
}

/** What {@link watchPageScript} recorded. */
export interface PageWatch {
  clicks: { waitedMs: number; whileChecking: boolean }[];
  longestStallMs: number;
}

/** The expression that reads what {@link watchPageScript} recorded. */
export const readWatchScript = 'window.__specWatch';

/** Stops counting stalls while the suite itself works on the page's thread. */
export const pauseWatchScript = 'window.__specWatch.paused = true';

/** Counts stalls again (the gap of the suite's own work is not counted). */
export const resumeWatchScript = 'window.__specWatch.paused = false';
