/** What a page is for: a guide to read through, a reference to look things up, an API page generated from the sources, a how-to for one task. */
export type PageKind = 'guide' | 'reference' | 'api' | 'how-to';

/** The page kinds, in the order listings show them. */
export const PAGE_KINDS: readonly PageKind[] = ['guide', 'how-to', 'reference', 'api'];

/** One heading of a page, with its section anchor (`#anchor`). */
export interface PageHeading {
  level: number;
  text: string;
  anchor: string;
}

/** A link found in a page body. Internal links are resolved to a page id (and anchor). */
export interface PageLink {
  href: string;
  /** The page the link points at, for an internal link; null for an external one. */
  target: string | null;
  anchor: string | null;
  external: boolean;
  /** 1-based line in the source file. */
  line: number;
}

/** Where a page came from and when the site was built (both taken from the input, never the wall clock). */
export interface Provenance {
  /** The source file, relative to the build root (`docs/gate/auth.md`, `packages/gate/src/index.ts`). */
  sourcePath: string;
  commit: string;
  builtAt: string;
}

/** One published page. */
export interface Page {
  id: string;
  title: string;
  description: string;
  package: string | null;
  layer: string;
  kind: PageKind;
  headings: PageHeading[];
  /** Exported symbols this page documents (API pages) or names in its headings. */
  symbols: string[];
  /** The markdown body (no front matter). */
  body: string;
  links: PageLink[];
  provenance: Provenance;
}

/** One exported symbol of a package, as the TypeScript extraction reports it. */
export interface ApiSymbol {
  name: string;
  kind: 'function' | 'class' | 'interface' | 'type' | 'const' | 'enum' | 'namespace';
  /** The declaration without bodies or comments. */
  signature: string;
  /** The JSDoc text (without tags). */
  doc: string;
  examples: string[];
  deprecated: string | null;
  /** The file declaring it, relative to the build root. */
  sourcePath: string;
  line: number;
}

/** A package or app of the repository, as the build knows it. */
export interface PackageInfo {
  name: string;
  description: string;
  /** `library` for `packages/*`, `app` for `apps/*`. */
  layer: string;
  /** The folder, relative to the build root. */
  path: string;
  version: string;
  private: boolean;
  /** The `@svc/*` packages it depends on (from its package.json). */
  dependsOn: string[];
  /** Its public API (from `src/index.ts`), when it was extracted. */
  api?: { entry: string; symbols: ApiSymbol[] };
  /** The docs folder that documents it (`gate`), when one does. */
  docsFolder?: string;
}

/** An entry of `docs/symbols.json`: where an exported name is documented. */
export interface SymbolEntry {
  name: string;
  package: string;
  kind: ApiSymbol['kind'];
  page: string;
  anchor: string;
  signature: string;
  summary: string;
  sourcePath: string;
  line: number;
}

/** A package as `listPackages` and `docs/index.json` give it. */
export interface PackageEntry {
  name: string;
  description: string;
  layer: string;
  path: string;
  version: string;
  private: boolean;
  dependsOn: string[];
  usedBy: string[];
  pages: string[];
  apiPage: string | null;
  symbolCount: number;
}
