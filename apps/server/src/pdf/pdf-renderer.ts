import type { CapabilityProvider } from '../capabilities/capability-types.js';

/** The paper sizes `pdf.render` prints on: ISO A4 and US Letter. */
export type PaperName = 'a4' | 'letter';

/** Width and height in PDF points (1/72 inch). */
export const PAPER_POINTS: Readonly<Record<PaperName, { width: number; height: number }>> = {
  a4: { width: (210 / 25.4) * 72, height: (297 / 25.4) * 72 },
  letter: { width: 8.5 * 72, height: 11 * 72 },
};

/** Every page's margin, both providers: 15 mm. */
export const PAGE_MARGIN_POINTS = (15 / 25.4) * 72;

/** Pages one render may make; a longer document is `PDF_TOO_MANY_PAGES`. */
export const MAX_PDF_PAGES = 200;

/** What a renderer prints. The HTML is untrusted. */
export interface PdfRenderRequest {
  html: string;
  paper: PaperName;
}

/** How long a render may take and who may stop it. */
export interface PdfRenderOptions {
  signal: AbortSignal;
  /** Epoch ms; the renderer stops (and kills what it started) past it. */
  deadline: number;
}

/**
 * One provider of `pdf.render`: turns untrusted HTML into PDF bytes of at most
 * {@link MAX_PDF_PAGES} pages (one more page, at most, tells the caller the document is longer).
 */
export interface PdfRenderer {
  /** The provider's name, as `pdf.render`'s `provider` argument and result name it. */
  readonly name: 'chromium' | 'pdf-lib';
  /** Who this provider is and whether it can serve now (`PROVIDERS FOR pdf.render`). */
  describe(): CapabilityProvider;
  render(request: PdfRenderRequest, options: PdfRenderOptions): Promise<Uint8Array>;
}
