import type { DescribeContext, DescribeFunction } from './describe-function.js';
import { groupByTag } from './internal/markdown/group-by-tag.js';
import { toSingleLine } from './internal/markdown/markdown-text.js';
import { askForOverview, composeOverview } from './internal/markdown/overview.js';
import { readMarkdownOptions } from './internal/markdown/read-markdown-options.js';
import { type OperationRenderOptions, renderOperation } from './internal/markdown/render-operation.js';
import { readPreamble, renderHeading, renderServersAndAuth } from './internal/markdown/render-preamble.js';
import { summariseSchemes } from './internal/markdown/security-schemes.js';
import { openSpec } from './internal/sample/open-spec.js';
import { readEndpoint } from './internal/sample/read-endpoint.js';
import { listOperations } from './internal/spec-model.js';
import type { Diagnostic, SpecInput } from './types.js';

export type { DescribeContext, DescribeFunction } from './describe-function.js';

/** Options of {@link toMarkdown}. */
export interface ToMarkdownOptions {
  /** Writes the overview; without it (or when it fails, times out or answers empty) the overview is composed from the spec. */
  describe?: DescribeFunction;
  /** How long `describe` may take, in milliseconds (default 10 000). */
  describeTimeoutMs?: number;
  /** Render request/response example blocks and curl examples (default `true`). */
  includeExamples?: boolean;
  /** Characters shown per example block before it is cut with a "… truncated" note (default 2000). */
  maxExampleChars?: number;
  /** Base URL used in the curl examples instead of the spec's servers. */
  baseUrl?: string;
}

/** Arguments of {@link toMarkdown}. */
export interface ToMarkdownArgs {
  /** The spec: an object, or JSON or YAML text. */
  spec: SpecInput;
  options?: ToMarkdownOptions;
}

/** Result of {@link toMarkdown}. */
export interface ToMarkdownResult {
  /** The reference; `''` when the spec could not be read. */
  markdown: string;
  /** `model` when the overview came from `describe`, else `heuristic`. */
  mode: 'model' | 'heuristic';
  errors: Diagnostic[];
}

const EXAMPLE_ARRAY_ITEMS = 2;

/**
 * Renders a Markdown API reference: title, version, overview, servers, authentication, then the
 * operations grouped by tag with parameters, bodies, responses and examples. The same input and
 * the same `describe` answer always give the same text. Never throws.
 *
 * @example
 * ```ts
 * const spec = 'openapi: 3.0.3\ninfo: {title: Pets, version: "1"}\npaths:\n  /pets:\n    get:\n      responses: {"200": {description: ok}}\n';
 * const { markdown, mode } = await toMarkdown({ spec, options: { maxExampleChars: 1000 } });
 * // markdown starts with '# Pets\n\nVersion `1` · OpenAPI 3.0.3', and has a '### GET /pets' section; mode === 'heuristic'
 * ```
 */
export async function toMarkdown(args: ToMarkdownArgs): Promise<ToMarkdownResult> {
  const opened = openSpec(args?.spec);
  const { doc, version } = opened;
  if (doc === undefined) return { markdown: '', mode: 'heuristic', errors: opened.errors };
  const options = readMarkdownOptions(args.options);
  const found: Diagnostic[] = [];
  const operations = listOperations(doc).map((entry) => ({
    entry,
    ...readEndpoint(doc, version, entry, found),
  }));
  const webhooks = listOperations(doc, 'webhooks').map((entry) => ({
    entry,
    ...readEndpoint(doc, version, entry, found),
  }));
  const preamble = readPreamble(doc, version);
  const schemes = summariseSchemes(doc, version);
  const groups = groupByTag(operations, doc.tags);
  const context: DescribeContext = {
    title: preamble.title,
    version: preamble.version,
    operations: operations.map((o) =>
      o.summary ? { method: o.method, path: o.path, summary: o.summary } : { method: o.method, path: o.path },
    ),
    tags: groups.map((g) => g.title),
  };
  if (preamble.description) context.description = preamble.description;
  const answer = await askForOverview(options.describe, context, options.describeTimeoutMs);
  const overview =
    answer ??
    composeOverview({
      context,
      specLabel: preamble.specLabel,
      groups: groups.map((g) => ({ title: g.title, count: g.items.length })),
      deprecatedCount: operations.filter((o) => o.deprecated).length,
      webhookCount: webhooks.length,
      schemes,
      servers: preamble.servers.map((s) => s.url),
    });
  const maxChars = options.maxExampleChars;
  const renderOptions: OperationRenderOptions = {
    includeExamples: options.includeExamples,
    includeRequest: true,
    limits: { maxArrayItems: EXAMPLE_ARRAY_ITEMS, maxChars },
    sampleLimits: { maxArrayItems: EXAMPLE_ARRAY_ITEMS, maxDepth: 6, maxNodes: 400 },
  };
  if (options.baseUrl !== undefined) renderOptions.baseUrl = options.baseUrl;
  const unresolved = new Map<string, string>();
  const render = (o: (typeof operations)[number], optionsFor: OperationRenderOptions): string => {
    const refs = new Set<string>();
    const text = renderOperation(doc, version, o.entry, o, optionsFor, refs);
    for (const ref of refs) if (!unresolved.has(ref)) unresolved.set(ref, o.entry.pointer);
    return text;
  };
  const sections = [
    renderHeading(preamble),
    `## Overview\n\n${overview}`,
    ...renderServersAndAuth(preamble, schemes),
  ];
  for (const group of groups) {
    sections.push(`## ${toSingleLine(group.title)}`);
    if (group.description?.trim()) sections.push(group.description.trim());
    for (const o of group.items) sections.push(render(o, renderOptions));
  }
  if (webhooks.length > 0) {
    sections.push('## Webhooks', 'Requests this API sends to you; each heading names the webhook.');
    const webhookOptions = { ...renderOptions, includeRequest: false };
    for (const w of webhooks) sections.push(render(w, webhookOptions));
  }
  for (const [ref, pointer] of unresolved) {
    const message = `The reference ${JSON.stringify(ref)} cannot be resolved; examples show null for it.`;
    found.push({ code: 'SPEC_REF_UNRESOLVED', message, path: pointer });
  }
  opened.addPositions(found);
  return {
    markdown: `${sections.join('\n\n')}\n`,
    mode: answer === undefined ? 'heuristic' : 'model',
    errors: [...opened.errors, ...found],
  };
}
