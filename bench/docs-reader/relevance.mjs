// Relevance: recall@5 and MRR@10 of each engine over the query set, by page and by page+section.
import { QUERIES } from './queries.mjs';

export async function measureRelevance(engines, pages) {
  const anchors = new Map(
    pages.map((page) => [page.id, new Set(['', ...page.headings.map((h) => h.anchor)])]),
  );
  for (const query of QUERIES) {
    if (!anchors.get(query.page)?.has(query.anchor))
      throw new Error(`query "${query.q}": no section ${query.page}#${query.anchor}`);
  }
  const rows = [];
  for (const engine of engines) {
    let pageRecall = 0;
    let sectionRecall = 0;
    let pageMrr = 0;
    let sectionMrr = 0;
    const misses = [];
    for (const query of QUERIES) {
      const ranked = await engine.query(query.q, 10);
      const pageRank = ranked.findIndex((hit) => hit.pageId === query.page);
      const sectionRank = ranked.findIndex((hit) => hit.pageId === query.page && hit.anchor === query.anchor);
      if (pageRank !== -1 && pageRank < 5) pageRecall++;
      if (sectionRank !== -1 && sectionRank < 5) sectionRecall++;
      if (pageRank !== -1) pageMrr += 1 / (pageRank + 1);
      if (sectionRank !== -1) sectionMrr += 1 / (sectionRank + 1);
      if (sectionRank === -1 || sectionRank >= 5)
        misses.push(
          `${query.q} → ${ranked
            .slice(0, 3)
            .map((hit) => `${hit.pageId}#${hit.anchor}`)
            .join(', ')}`,
        );
    }
    const n = QUERIES.length;
    rows.push({
      engine: engine.name,
      queries: n,
      'page recall@5': round(pageRecall / n),
      'page MRR@10': round(pageMrr / n),
      'section recall@5': round(sectionRecall / n),
      'section MRR@10': round(sectionMrr / n),
      misses,
    });
  }
  return rows;
}

function round(value) {
  return Math.round(value * 1000) / 1000;
}
