import type { PackageInfo } from '../types.js';

/**
 * A package with an extracted API, for building API pages in tests without TypeScript.
 *
 * @example
 * await buildDocsSite({ source, sourceRoot: 'docs', commit: 'c', builtAt: 't', packages: [SAMPLE_PACKAGE] });
 */
export const SAMPLE_PACKAGE: PackageInfo = {
  name: '@acme/widget',
  description: 'Widgets, configurable.',
  layer: 'library',
  path: 'packages/widget',
  version: '1.0.0',
  private: false,
  dependsOn: [],
  docsFolder: 'guides',
  api: {
    entry: 'packages/widget/src/index.ts',
    symbols: [
      {
        name: 'createWidget',
        kind: 'function',
        signature: 'export function createWidget(options: WidgetOptions): Widget',
        doc: 'Creates a widget with a colour.\n\nThe widget is immutable.',
        examples: ["createWidget({ colour: 'blue' });"],
        deprecated: null,
        sourcePath: 'packages/widget/src/create-widget.ts',
        line: 12,
      },
      {
        name: 'WidgetOptions',
        kind: 'interface',
        signature: 'export interface WidgetOptions {\n  colour: string;\n}',
        doc: 'Options of {@link createWidget}.',
        examples: [],
        deprecated: null,
        sourcePath: 'packages/widget/src/create-widget.ts',
        line: 3,
      },
      {
        name: 'MAX_WIDGETS',
        kind: 'const',
        signature: 'const MAX_WIDGETS: 10',
        doc: 'How many widgets one page may hold.',
        examples: [],
        deprecated: 'Use limits instead.',
        sourcePath: 'packages/widget/src/limits.ts',
        line: 1,
      },
    ],
  },
};
