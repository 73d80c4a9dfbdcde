/** The regular and bold TrueType files a book is set in. */
export interface BookFontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
}

let cached: Promise<BookFontFiles> | undefined;

async function readFontFiles(): Promise<BookFontFiles> {
  // Imported lazily so the package still loads in browsers, which pass font bytes instead.
  const [{ createRequire }, { readFile }] = await Promise.all([
    import('node:module'),
    import('node:fs/promises'),
  ]);
  // import.meta.url is empty in the CommonJS build; there __filename locates the package.
  const require = createRequire(import.meta.url ?? __filename);
  const [regular, bold] = await Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]);
  return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
}

/**
 * DejaVu Sans and DejaVu Sans Bold (the `dejavu-fonts-ttf` package; Bitstream Vera licence: free
 * to embed and redistribute), read once from disk and kept: Node only. Browsers and other
 * runtimes pass `font` and `boldFont` bytes to `buildBookPdf` instead.
 *
 * @example
 * const { regular, bold } = await loadDefaultFonts();
 */
export function loadDefaultFonts(): Promise<BookFontFiles> {
  cached ??= readFontFiles().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}
