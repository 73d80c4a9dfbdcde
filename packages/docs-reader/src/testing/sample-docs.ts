/**
 * A small docs folder exercising every feature the build reads: front matter, nested folders,
 * an index page per folder, cross-links with anchors, code, tables and an image.
 *
 * @example
 * const source = createMemoryDocsSource(SAMPLE_DOCS);
 */
export const SAMPLE_DOCS: Readonly<Record<string, string | Uint8Array>> = {
  'index.md': `---
title: Sample docs
description: A sample folder for the docs reader's tests.
---

# Sample docs

Start with the [install guide](guides/install.md) or look up [rate limits](reference/limits.md#rate-limits).
`,
  'guides/index.md': `# Guides

Step-by-step guides. See [installing](install.md).
`,
  'guides/install.md': `---
kind: how-to
---

# How to install the widget

Run the installer, then check the [limits](../reference/limits.md).

## Install with npm

\`\`\`sh
npm install widget # the package
\`\`\`

## Configure \`createWidget\`

Call \`createWidget({ colour: 'blue' })\` once.

![diagram](images/flow.png)
`,
  'guides/images/flow.png': new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
  'reference/limits.md': `# Limits

Every plan has limits.

## Rate limits

| plan | requests per minute |
|---|---|
| free | 60 |
| pro | 600 |

A client over its limit gets \`429 Too Many Requests\` with a \`Retry-After\` header.

## Payload size

Bodies up to 1 MiB; \`snake_case_option\` raises it.
`,
};
