import { DocsError } from '../errors.js';
import {
  compareCodeUnits,
  SEARCH_FIELDS,
  type SearchField,
  type SerializedSearchIndex,
} from './build-search-index.js';
import { boundedEditDistance, countBits, letterMask } from './fuzzy.js';
import { tokenizeQuery } from './tokenize.js';

/** How a query term met the index: the same term, a longer term it starts, or a term within one or two edits. */
export type MatchHow = 'exact' | 'prefix' | 'fuzzy';

/** One query term's best match in a result's section. */
export interface TermMatch {
  term: string;
  matched: string;
  how: MatchHow;
  fields: SearchField[];
}

/** A page found by {@link SearchIndex.search}, pointing at its best section. */
export interface SearchHit {
  pageId: string;
  title: string;
  kind: string;
  package: string | null;
  anchor: string;
  heading: string;
  score: number;
  /** Set when the whole query is the page's title or a symbol this section documents; such hits rank first. */
  exact: 'title' | 'symbol' | null;
  terms: TermMatch[];
  /** How many of the page's sections matched. */
  matchedSections: number;
}

/** Filters and paging of a search. */
export interface SearchOptions {
  kind?: string | readonly string[];
  package?: string;
  /** 10 by default. */
  limit?: number;
  offset?: number;
}

/** A loaded index, ready to query. */
export interface SearchIndex {
  readonly pageCount: number;
  readonly sectionCount: number;
  search(query: string, options?: SearchOptions): { total: number; hits: SearchHit[] };
}

/** BM25F parameters: a weight and a length normalisation per field (title, headings, symbols, body), and k1. */
export interface SearchTuning {
  fieldWeights: readonly [number, number, number, number];
  fieldB: readonly [number, number, number, number];
  k1: number;
  /** Weight of a prefix match is `prefixBase + prefixSpan · typed length / term length`. */
  prefixBase: number;
  prefixSpan: number;
  /** Weights of matches one and two edits away. */
  fuzzyOne: number;
  fuzzyTwo: number;
  /** A section matching m of n query terms keeps `coverageFloor + (1 − coverageFloor) · m / n` of its score. */
  coverageFloor: number;
}

/**
 * The defaults, chosen by a grid search over k1, the heading/symbol and title weights, the
 * coverage floor and the prefix base against the query set of `bench/docs-reader` (so they fit
 * svc's docs best). A high k1 keeps BM25F's shared saturation from flattening the field weights:
 * a section whose heading names the query should beat one that only mentions it a few times.
 */
export const DEFAULT_SEARCH_TUNING: SearchTuning = {
  fieldWeights: [3, 12, 12, 1],
  fieldB: [0.5, 0.5, 0.3, 0.75],
  k1: 5,
  prefixBase: 0.5,
  prefixSpan: 0.3,
  fuzzyOne: 0.55,
  fuzzyTwo: 0.35,
  coverageFloor: 0.4,
};
const MAX_PREFIX_TERMS = 50;
const MAX_FUZZY_TERMS = 20;

interface Variant {
  term: number;
  how: MatchHow;
  weight: number;
}

/**
 * Loads a serialized index (see `buildSearchIndex`). Loading is only validation of the format
 * and a few averages: terms are found by binary search, so nothing is rebuilt.
 *
 * @example
 * const index = loadSearchIndex(JSON.parse(text));
 * index.search('validate spec', { limit: 5 }).hits[0]?.pageId;
 */
export function loadSearchIndex(
  data: SerializedSearchIndex,
  tuning: Partial<SearchTuning> = {},
): SearchIndex {
  const {
    fieldWeights: FIELD_WEIGHTS,
    fieldB: FIELD_B,
    k1: K1,
    ...weights
  } = { ...DEFAULT_SEARCH_TUNING, ...tuning };
  if (data?.format !== 'svc-docs-search/1' || !Array.isArray(data.terms) || !Array.isArray(data.postings)) {
    throw new DocsError('DOCS_INVALID_SITE', 'The search index is not an svc-docs-search/1 index.');
  }
  const sectionCount = data.sections.length;
  const averages = [0, 0, 0, 0];
  for (let index = 0; index < data.lengths.length; index++) {
    averages[index % 4] = (averages[index % 4] as number) + (data.lengths[index] as number);
  }
  for (let field = 0; field < 4; field++)
    averages[field] = (averages[field] as number) / Math.max(1, sectionCount);
  let masks: Uint32Array | undefined;
  let exactNames: Map<string, { titles: number[]; symbols: number[] }> | undefined;

  function findTerm(term: string): number {
    let low = 0;
    let high = data.terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((data.terms[middle] as string) < term) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  function variantsOf(term: string): Variant[] {
    const variants: Variant[] = [];
    const start = findTerm(term);
    const exact = data.terms[start] === term;
    if (exact) variants.push({ term: start, how: 'exact', weight: 1 });
    if (term.length >= 2) {
      const prefixed: number[] = [];
      for (let index = exact ? start + 1 : start; index < data.terms.length; index++) {
        if (!(data.terms[index] as string).startsWith(term)) break;
        prefixed.push(index);
      }
      if (prefixed.length > MAX_PREFIX_TERMS) {
        prefixed.sort((a, b) => (data.terms[a] as string).length - (data.terms[b] as string).length || a - b);
        prefixed.length = MAX_PREFIX_TERMS;
      }
      for (const index of prefixed) {
        variants.push({
          term: index,
          how: 'prefix',
          weight:
            weights.prefixBase + (weights.prefixSpan * term.length) / (data.terms[index] as string).length,
        });
      }
    }
    // A term found as typed is not a typo: typo tolerance only widens terms the index lacks.
    if (!exact && term.length >= 4) variants.push(...fuzzyVariants(term));
    return variants;
  }

  function fuzzyVariants(term: string): Variant[] {
    masks ??= Uint32Array.from(data.terms, letterMask);
    const max = term.length >= 8 ? 2 : 1;
    const mask = letterMask(term);
    const found: Array<{ term: number; distance: number }> = [];
    for (let index = 0; index < data.terms.length; index++) {
      const candidate = data.terms[index] as string;
      if (Math.abs(candidate.length - term.length) > max) continue;
      const other = masks[index] as number;
      if (countBits(mask & ~other) > max || countBits(other & ~mask) > max) continue;
      const distance = boundedEditDistance(term, candidate, max);
      if (distance <= max) found.push({ term: index, distance });
    }
    found.sort(
      (a, b) => a.distance - b.distance || postingCount(b.term) - postingCount(a.term) || a.term - b.term,
    );
    return found.slice(0, MAX_FUZZY_TERMS).map(({ term: index, distance }) => ({
      term: index,
      how: 'fuzzy' as const,
      weight: distance === 1 ? weights.fuzzyOne : weights.fuzzyTwo,
    }));
  }

  function postingCount(term: number): number {
    return (data.postings[term] as number[]).length / 2;
  }

  function exactMatches(query: string): { titles: number[]; symbols: number[] } | undefined {
    if (!exactNames) {
      exactNames = new Map();
      const entry = (key: string) => {
        let value = exactNames?.get(key);
        if (!value) {
          value = { titles: [], symbols: [] };
          exactNames?.set(key, value);
        }
        return value;
      };
      data.pages.forEach(([, title], page) => {
        entry(title.trim().toLowerCase()).titles.push(page);
      });
      data.sections.forEach(([, , , symbols], section) => {
        for (const symbol of symbols) entry(symbol.toLowerCase()).symbols.push(section);
      });
    }
    return exactNames.get(query.trim().toLowerCase());
  }

  function search(query: string, options: SearchOptions = {}): { total: number; hits: SearchHit[] } {
    const queryTerms = tokenizeQuery(query);
    const kinds =
      options.kind === undefined
        ? undefined
        : new Set(typeof options.kind === 'string' ? [options.kind] : options.kind);
    const allowed = (section: number): boolean => {
      const page = data.pages[(data.sections[section] as SerializedSearchIndex['sections'][number])[0]];
      if (!page) return false;
      if (kinds && !kinds.has(page[2])) return false;
      return options.package === undefined || page[3] === options.package;
    };
    const scores = new Float64Array(sectionCount);
    const matched = new Uint16Array(sectionCount);
    const reasons = new Map<number, Array<[number, Variant, number]>>();
    const best = new Float64Array(sectionCount);
    const bestVariant = new Array<Variant | undefined>(sectionCount);
    const bestPacked = new Float64Array(sectionCount);
    queryTerms.forEach((queryTerm, termIndex) => {
      const touched: number[] = [];
      for (const variant of variantsOf(queryTerm)) {
        const postings = data.postings[variant.term] as number[];
        const documentFrequency = postings.length / 2;
        const idf = Math.log(1 + (sectionCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
        let section = 0;
        for (let offset = 0; offset < postings.length; offset += 2) {
          section += postings[offset] as number;
          if (!allowed(section)) continue;
          const packed = postings[offset + 1] as number;
          const weighted = weightedFrequency(packed, section);
          const score = ((idf * weighted * (K1 + 1)) / (K1 + weighted)) * variant.weight;
          if (bestVariant[section] === undefined) touched.push(section);
          if (bestVariant[section] === undefined || score > (best[section] as number)) {
            best[section] = score;
            bestVariant[section] = variant;
            bestPacked[section] = packed;
          }
        }
      }
      for (const section of touched) {
        scores[section] = (scores[section] as number) + (best[section] as number);
        matched[section] = (matched[section] as number) + 1;
        let list = reasons.get(section);
        if (!list) {
          list = [];
          reasons.set(section, list);
        }
        list.push([termIndex, bestVariant[section] as Variant, bestPacked[section] as number]);
        bestVariant[section] = undefined;
        best[section] = 0;
      }
    });
    const exact = exactMatches(query);
    const exactTitles = new Set(exact?.titles ?? []);
    const exactSymbols = new Set((exact?.symbols ?? []).filter(allowed));
    for (const section of exactSymbols) if (!reasons.has(section)) reasons.set(section, []);
    const byPage = new Map<
      number,
      { sections: Array<{ section: number; score: number }>; exact: SearchHit['exact'] }
    >();
    for (const [section, list] of reasons) {
      const coverage =
        queryTerms.length === 0
          ? 1
          : weights.coverageFloor +
            ((1 - weights.coverageFloor) * (matched[section] as number)) / queryTerms.length;
      const score = (scores[section] as number) * coverage;
      const page = (data.sections[section] as SerializedSearchIndex['sections'][number])[0];
      let entry = byPage.get(page);
      if (!entry) {
        entry = { sections: [], exact: exactTitles.has(page) ? 'title' : null };
        byPage.set(page, entry);
      }
      if (list.length > 0 || exactSymbols.has(section)) entry.sections.push({ section, score });
      if (exactSymbols.has(section)) entry.exact = 'symbol';
    }
    const ranked = [...byPage].map(([page, entry]) => {
      entry.sections.sort((a, b) => {
        if (entry.exact === 'symbol') {
          const diff = Number(exactSymbols.has(b.section)) - Number(exactSymbols.has(a.section));
          if (diff !== 0) return diff;
        }
        return b.score - a.score || a.section - b.section;
      });
      const [first, second, third] = entry.sections;
      const score = (first?.score ?? 0) + 0.25 * (second?.score ?? 0) + 0.1 * (third?.score ?? 0);
      return { page, entry, score: Math.round(score * 1e6) / 1e6, first: first?.section ?? 0 };
    });
    ranked.sort((a, b) => {
      const tier = Number(b.entry.exact !== null) - Number(a.entry.exact !== null);
      if (tier !== 0) return tier;
      if (b.score !== a.score) return b.score - a.score;
      return compareCodeUnits(data.pages[a.page]?.[0] ?? '', data.pages[b.page]?.[0] ?? '');
    });
    const offset = Math.max(0, options.offset ?? 0);
    const limit = Math.max(0, options.limit ?? 10);
    const hits = ranked.slice(offset, offset + limit).map(({ page, entry, score, first }) => {
      const [pageId, title, kind, pkg] = data.pages[page] as [string, string, string, string];
      const [, anchor, heading] = data.sections[first] as SerializedSearchIndex['sections'][number];
      const terms = (reasons.get(first) ?? []).map(([termIndex, variant, packed]) => ({
        term: queryTerms[termIndex] as string,
        matched: data.terms[variant.term] as string,
        how: variant.how,
        fields: fieldsOf(packed),
      }));
      return {
        pageId,
        title,
        kind,
        package: pkg === '' ? null : pkg,
        anchor,
        heading,
        score,
        exact: entry.exact,
        terms,
        matchedSections: entry.sections.length,
      };
    });
    return { total: ranked.length, hits };
  }

  function weightedFrequency(packed: number, section: number): number {
    let rest = packed;
    let sum = 0;
    for (let field = 0; field < 4; field++) {
      const frequency = field < 3 ? rest % 16 : rest;
      rest = Math.floor(rest / 16);
      if (frequency === 0) continue;
      const length = data.lengths[section * 4 + field] as number;
      const average = (averages[field] as number) || 1;
      const b = FIELD_B[field] as number;
      sum += ((FIELD_WEIGHTS[field] as number) * frequency) / (1 - b + (b * length) / average);
    }
    return sum;
  }

  return {
    pageCount: data.pages.length,
    sectionCount,
    search,
  };
}

function fieldsOf(packed: number): SearchField[] {
  const fields: SearchField[] = [];
  let rest = packed;
  for (let field = 0; field < 4; field++) {
    const frequency = field < 3 ? rest % 16 : rest;
    rest = Math.floor(rest / 16);
    if (frequency > 0) fields.push(SEARCH_FIELDS[field] as SearchField);
  }
  return fields;
}
