import type { BuildBookArgs } from './read-book-args.js';

/**
 * Builds a print-ready PDF book: see `build-book-pdf.ts` for what it lays out and the limits.
 * The PDF stack (pdf-lib, fontkit, the DejaVu fonts) is loaded on the first call, not when the
 * package is imported, so generating and printing pages never loads it — and a bundle (the
 * `svc` command line) can leave it out as an optional dependency.
 *
 * @example
 * const pages = ['a', 'b'].map((seed) => generatePage({ kind: 'sudoku', seed }));
 * const pdf = await buildBookPdf({ title: 'Sudoku for the train', trim: '6x9', pages });
 * await writeFile('book.pdf', pdf);
 */
export async function buildBookPdf(args: BuildBookArgs): Promise<Uint8Array> {
  const builder = await import('./build-book-pdf.js');
  return builder.buildBookPdf(args);
}
