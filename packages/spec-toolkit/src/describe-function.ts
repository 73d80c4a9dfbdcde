// The model function `toMarkdown` may be given, in a file of its own: `internal/markdown`
// calls it, so it lives below both the public tool and its internals.

/** What the model function is told about the API. */
export interface DescribeContext {
  title: string;
  version: string;
  description?: string;
  operations: { method: string; path: string; summary?: string }[];
  tags: string[];
}

/** The injected model function writing the overview; its text is used as Markdown. */
export type DescribeFunction = (context: DescribeContext) => string | Promise<string>;
