import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Fails loudly when a tool the real-output tests need is missing: these tests must never pass by
 * skipping (CI installs Debian's chromium and poppler-utils).
 *
 * @example
 * requireTool('/usr/bin/pdfinfo');
 */
export function requireTool(path: string): string {
  if (!existsSync(path)) {
    throw new Error(
      `${path} is missing: install it (Debian: apt-get install chromium poppler-utils); this test never skips.`,
    );
  }
  return path;
}

/** The page count and every page's MediaBox size in points, as `pdfinfo` reads a PDF. */
export interface PdfInfo {
  pages: number;
  sizes: { width: number; height: number }[];
  text: string;
}

function withPdf<T>(bytes: Uint8Array, run: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'activity-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return run(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `pdfinfo -f 1 -l <all>` on PDF bytes.
 *
 * @example
 * readPdfInfo(bytes).sizes[0]; // { width: 612, height: 792 }
 */
export function readPdfInfo(bytes: Uint8Array): PdfInfo {
  return withPdf(bytes, (file) => {
    const tool = requireTool('/usr/bin/pdfinfo');
    const summary = execFileSync(tool, [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(summary)?.[1]);
    const text = execFileSync(tool, ['-f', '1', '-l', String(pages), '-box', file], { encoding: 'utf8' });
    const sizes = [
      ...text.matchAll(/^Page\s+\d+\s+MediaBox:\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)/gm),
    ].map((m) => ({
      width: Number(m[3]) - Number(m[1]),
      height: Number(m[4]) - Number(m[2]),
    }));
    return { pages, sizes, text };
  });
}

/**
 * The font lines of `pdffonts` (name, type, encoding, emb, sub, uni, object).
 *
 * @example
 * readPdfFonts(bytes).every((font) => font.embedded);
 */
export function readPdfFonts(
  bytes: Uint8Array,
): { name: string; type: string; embedded: boolean; subset: boolean }[] {
  return withPdf(bytes, (file) => {
    const text = execFileSync(requireTool('/usr/bin/pdffonts'), [file], { encoding: 'utf8' });
    return text
      .split('\n')
      .slice(2)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        // Columns from the right are fixed: emb sub uni object-number generation.
        const flags = columns.slice(-5);
        return {
          name: columns[0] ?? '',
          type: columns.slice(1, -6).join(' '),
          embedded: flags[0] === 'yes',
          subset: flags[1] === 'yes',
        };
      });
  });
}

/**
 * Renders one page with `pdftoppm -r <dpi> -png` and returns the PNG bytes.
 *
 * @example
 * countInk(renderPdfPage(bytes, 2, 30)).ink > 0;
 */
export function renderPdfPage(bytes: Uint8Array, page: number, dpi: number): Uint8Array {
  return withPdf(bytes, (file, dir) => {
    const out = join(dir, 'page');
    execFileSync(requireTool('/usr/bin/pdftoppm'), [
      '-r',
      String(dpi),
      '-png',
      '-f',
      String(page),
      '-l',
      String(page),
      '-singlefile',
      file,
      out,
    ]);
    return readFileSync(`${out}.png`);
  });
}
