import { toPlainText } from '../markdown/plain-text.js';
import { scanMarkdown } from '../markdown/scan-markdown.js';
import type { IndexableSection } from '../search/build-search-index.js';
import type { Page } from '../types.js';

/** A page's section as the reader serves it. */
export interface PageSection {
  anchor: string;
  heading: string;
  level: number;
  /** 1-based line in the page body. */
  line: number;
  markdown: string;
  text: string;
  symbols: string[];
}

/**
 * Splits a page into its sections (one per heading, plus any text before the first), each with
 * its plain text and the symbols it documents: on an API page the symbol its heading names, on
 * other pages the identifiers written as code in its heading.
 *
 * @example
 * toPageSections(page).map((section) => section.anchor); // ['', 'install', 'usage']
 */
export function toPageSections(page: Page): PageSection[] {
  const known = new Set(page.symbols);
  return scanMarkdown(page.body).sections.map((section) => {
    const symbols =
      page.kind === 'api'
        ? known.has(section.heading) && section.level === 2
          ? [section.heading]
          : []
        : [...section.heading.matchAll(/[A-Za-z_$][\w$]*/g)]
            .map((match) => match[0])
            .filter((name) => known.has(name));
    return { ...section, text: toPlainText(section.markdown), symbols };
  });
}

/**
 * A page's sections in the form the search indexer takes.
 *
 * @example
 * buildSearchIndex(pages.flatMap(toIndexableSections));
 */
export function toIndexableSections(page: Page): IndexableSection[] {
  return toPageSections(page).map((section) => ({
    pageId: page.id,
    pageTitle: page.title,
    kind: page.kind,
    package: page.package,
    anchor: section.anchor,
    heading: section.heading,
    symbols: section.symbols,
    text: section.text,
  }));
}
