// The three engines behind one interface: index documents, serialize, load, and query into a
// ranked list of { pageId, anchor } (one entry per page: its best section), as ours returns.

import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import { buildSearchIndex, loadSearchIndex } from '@svc/docs-reader';
import MiniSearch from 'minisearch';
import { toPeerDocument } from './corpus.mjs';

/** Field boosts shared by the peers, the same ratios ours uses (title 3, heading 12, symbols 12, text 1). */
const BOOST = { title: 3, heading: 12, symbols: 12 };

export const MINISEARCH_OPTIONS = {
  fields: ['title', 'heading', 'symbols', 'text'],
  storeFields: ['pageId', 'anchor'],
  searchOptions: { boost: BOOST, prefix: true, fuzzy: 0.2, combineWith: 'OR' },
};

function firstPerPage(list, limit) {
  const seen = new Set();
  const out = [];
  for (const item of list) {
    if (seen.has(item.pageId)) continue;
    seen.add(item.pageId);
    out.push({ pageId: item.pageId, anchor: item.anchor });
    if (out.length === limit) break;
  }
  return out;
}

export function createOurs(sections) {
  const serialized = JSON.stringify(buildSearchIndex(sections));
  const index = loadSearchIndex(JSON.parse(serialized));
  return {
    name: 'ours (@svc/docs-reader)',
    serialized,
    build: () => buildSearchIndex(sections),
    load: (text) => loadSearchIndex(JSON.parse(text)),
    query: (q, limit = 10) =>
      index.search(q, { limit }).hits.map((hit) => ({ pageId: hit.pageId, anchor: hit.anchor })),
    rawQuery: (q) => index.search(q, { limit: 10 }),
  };
}

export function createMiniSearch(sections) {
  const documents = sections.map(toPeerDocument);
  const build = () => {
    const engine = new MiniSearch(MINISEARCH_OPTIONS);
    engine.addAll(documents);
    return engine;
  };
  const engine = build();
  return {
    name: 'MiniSearch 7.2',
    serialized: JSON.stringify(engine),
    build,
    load: (text) => MiniSearch.loadJSON(text, MINISEARCH_OPTIONS),
    query: (q, limit = 10) => firstPerPage(engine.search(q), limit),
    rawQuery: (q) => engine.search(q).slice(0, 10),
  };
}

export async function createOrama(sections) {
  const documents = sections.map(toPeerDocument);
  const db = create({
    schema: {
      pageId: 'string',
      anchor: 'string',
      title: 'string',
      heading: 'string',
      symbols: 'string',
      text: 'string',
    },
  });
  await insertMultiple(db, documents);
  return {
    name: 'Orama 3.1',
    query: async (q, limit = 10) => {
      const result = await oramaSearch(db, {
        term: q,
        properties: ['title', 'heading', 'symbols', 'text'],
        boost: BOOST,
        tolerance: 1,
        limit: 100,
      });
      return firstPerPage(
        result.hits.map((hit) => hit.document),
        limit,
      );
    },
  };
}
