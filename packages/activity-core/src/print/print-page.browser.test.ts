import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePage } from '../generate-page.js';
import { KINDS } from '../kinds/registry.js';
import { countInk } from '../testing/png-ink.js';
import { readPdfInfo, renderPdfPage, requireTool } from '../testing/poppler.js';
import { printPage } from './print-page.js';
import { TRIM_NAMES, TRIMS, type TrimName } from './trims.js';

const PT_PER_MM = 72 / 25.4;
const PX_PER_MM = 96 / 25.4;

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: requireTool('/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
});

async function renderInChromium(html: string, trim: TrimName) {
  const { widthMm, heightMm } = TRIMS[trim];
  const page = await browser.newPage({
    viewport: { width: Math.round(widthMm * PX_PER_MM), height: Math.round(heightMm * PX_PER_MM) },
  });
  try {
    // No network is needed: a request of any kind would mean the document is not standalone.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.setContent(html, { waitUntil: 'load' });
    const screenshot = await page.screenshot({ fullPage: true });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    return { screenshot, pdf, requests };
  } finally {
    await page.close();
  }
}

function expectPageBox(pdf: Uint8Array, trim: TrimName): void {
  const info = readPdfInfo(pdf);
  expect(info.pages, `${trim}: one printed page`).toBe(1);
  const size = info.sizes[0];
  // Chromium lays pages out in whole CSS pixels: allow one pixel (0.75 pt).
  expect(Math.abs((size?.width ?? 0) - TRIMS[trim].widthMm * PT_PER_MM), `${trim} width`).toBeLessThanOrEqual(
    0.8,
  );
  expect(
    Math.abs((size?.height ?? 0) - TRIMS[trim].heightMm * PT_PER_MM),
    `${trim} height`,
  ).toBeLessThanOrEqual(0.8);
}

describe('printed pages in Debian Chromium', () => {
  it.each(TRIM_NAMES)('%s: the page box matches the trim and the page is not blank', async (trim) => {
    const page = generatePage({ kind: 'sudoku', seed: `browser-${trim}` });
    const { html } = printPage({ kind: page.kind, doc: page.doc, trim, number: 1 });
    const result = await renderInChromium(html, trim);
    expect(result.requests.filter((url) => !url.startsWith('about:') && !url.startsWith('data:'))).toEqual(
      [],
    );
    const ink = countInk(result.screenshot);
    expect(ink.ink / (ink.width * ink.height), `${trim} ink share`).toBeGreaterThan(0.005);
    expectPageBox(result.pdf, trim);
  });

  it.each(KINDS.map((kind) => kind.name))(
    '%s: puzzle, key, large print and watermark all print on one page',
    async (kind) => {
      const page = generatePage({ kind, seed: `browser-${kind}` });
      const variants = [
        { trim: 'Letter', key: false },
        { trim: 'A4', key: true },
        { trim: '6x9', key: false, largePrint: true },
        { trim: '8x10', key: true, watermark: 'SAMPLE — join to print without this mark' },
      ] as const;
      for (const variant of variants) {
        const { html } = printPage({ kind, doc: page.doc, ...variant });
        const result = await renderInChromium(html, variant.trim);
        const ink = countInk(result.screenshot);
        expect(ink.ink, `${kind} ${JSON.stringify(variant)} not blank`).toBeGreaterThan(2000);
        expectPageBox(result.pdf, variant.trim);
      }
    },
  );

  it('shows the watermark in the screenshot and in the printed PDF', async () => {
    const page = generatePage({ kind: 'maze', seed: 'watermark' });
    const plain = await renderInChromium(
      printPage({ kind: 'maze', doc: page.doc, trim: 'Letter' }).html,
      'Letter',
    );
    const marked = await renderInChromium(
      printPage({ kind: 'maze', doc: page.doc, trim: 'Letter', watermark: 'PREVIEW' }).html,
      'Letter',
    );
    expect(countInk(marked.screenshot).ink).toBeGreaterThan(countInk(plain.screenshot).ink + 5000);
    const printed = (pdf: Uint8Array) => countInk(renderPdfPage(pdf, 1, 50)).ink;
    expect(printed(marked.pdf)).toBeGreaterThan(printed(plain.pdf) + 1000);
  });
});
