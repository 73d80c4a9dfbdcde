import { tokenize } from './tokenize.js';

/** The fields each section is indexed under, in serialized order. */
export const SEARCH_FIELDS = ['title', 'headings', 'symbols', 'body'] as const;

/** One of {@link SEARCH_FIELDS}. */
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** A section handed to the indexer: the unit a search result points at. */
export interface IndexableSection {
  pageId: string;
  pageTitle: string;
  kind: string;
  package: string | null;
  anchor: string;
  heading: string;
  /** Exported names documented in this section. */
  symbols: string[];
  /** The section's text, markup removed. */
  text: string;
}

/**
 * The search index as stored in `docs/search-index.json`: flat arrays only, so loading it is a
 * `JSON.parse` and nothing else. Terms are sorted (UTF-16 code unit order) for binary search and
 * prefix ranges; each term's postings are `[sectionDelta, packedFrequencies, …]`, the four field
 * frequencies packed as `((body·16 + symbols)·16 + headings)·16 + title` (the three short fields
 * capped at 15).
 */
export interface SerializedSearchIndex {
  format: 'svc-docs-search/1';
  /** `[id, title, kind, package]` per page (package '' when none). */
  pages: Array<[string, string, string, string]>;
  /** `[page index, anchor, heading, symbols]` per section. */
  sections: Array<[number, string, string, string[]]>;
  /** Four field lengths (in terms) per section. */
  lengths: number[];
  terms: string[];
  postings: number[][];
}

/**
 * Builds the serialized index of a list of sections (pages keep their first-seen order).
 *
 * @example
 * const index = buildSearchIndex([{ pageId: 'a', pageTitle: 'A', kind: 'guide', package: null, anchor: '', heading: '', symbols: [], text: 'hello' }]);
 * index.terms; // ['a', 'hello']
 */
export function buildSearchIndex(sections: readonly IndexableSection[]): SerializedSearchIndex {
  const pageIndex = new Map<string, number>();
  const pages: SerializedSearchIndex['pages'] = [];
  const rows: SerializedSearchIndex['sections'] = [];
  const lengths: number[] = [];
  const postingsByTerm = new Map<string, number[]>();
  const lastDoc = new Map<string, number>();
  sections.forEach((section, doc) => {
    let page = pageIndex.get(section.pageId);
    if (page === undefined) {
      page = pages.length;
      pageIndex.set(section.pageId, page);
      pages.push([section.pageId, section.pageTitle, section.kind, section.package ?? '']);
    }
    rows.push([page, section.anchor, section.heading, [...section.symbols]]);
    const fieldTerms = [
      tokenize(section.pageTitle),
      tokenize(section.heading),
      tokenize(section.symbols.join(' ')),
      tokenize(section.text),
    ];
    const counts = new Map<string, number[]>();
    fieldTerms.forEach((terms, field) => {
      lengths.push(terms.length);
      for (const term of terms) {
        let entry = counts.get(term);
        if (!entry) {
          entry = [0, 0, 0, 0];
          counts.set(term, entry);
        }
        entry[field] = (entry[field] as number) + 1;
      }
    });
    for (const [term, [title = 0, headings = 0, symbols = 0, body = 0]] of counts) {
      const packed =
        ((body * 16 + Math.min(symbols, 15)) * 16 + Math.min(headings, 15)) * 16 + Math.min(title, 15);
      let list = postingsByTerm.get(term);
      if (!list) {
        list = [];
        postingsByTerm.set(term, list);
      }
      list.push(doc - (lastDoc.get(term) ?? 0), packed);
      lastDoc.set(term, doc);
    }
  });
  const terms = [...postingsByTerm.keys()].sort(compareCodeUnits);
  return {
    format: 'svc-docs-search/1',
    pages,
    sections: rows,
    lengths,
    terms,
    postings: terms.map((term) => postingsByTerm.get(term) as number[]),
  };
}

/**
 * Orders strings by UTF-16 code units (the order binary search over `terms` assumes).
 *
 * @example
 * ['b', 'a'].sort(compareCodeUnits); // ['a', 'b']
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
