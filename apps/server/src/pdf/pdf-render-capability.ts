import { PDFDocument } from 'pdf-lib';
import { type Capability, defineCapability } from '../capabilities/capability-types.js';
import { ServerError } from '../errors/server-error.js';
import { MAX_PDF_PAGES, type PaperName, type PdfRenderer } from './pdf-renderer.js';

/** The id of the vendor-neutral PDF capability. */
export const PDF_RENDER_ID = 'pdf.render';

/** Characters of HTML one render takes (the request body limit, 4 MiB, bounds the bytes). */
export const MAX_PDF_HTML_CHARACTERS = 2 * 1024 * 1024;

/** Renders one PDF at a time per user, 20 a minute. */
export const PDF_RENDERS_PER_MINUTE = 20;

type ProviderChoice = 'auto' | 'chromium' | 'pdf-lib';

interface RenderArgs {
  html: string;
  paper: PaperName;
  title?: string;
  provider: ProviderChoice;
}

/** What `pdf.render` answers: the PDF, its size and pages, and who rendered it. */
export interface PdfRenderResult {
  pdfBase64: string;
  bytes: number;
  pages: number;
  provider: PdfRenderer['name'];
}

const RENDER_INPUT = {
  type: 'object',
  required: ['html'],
  additionalProperties: false,
  properties: {
    html: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_PDF_HTML_CHARACTERS,
      description:
        'The document, HTML with inline <style>; images and fonts as data: URLs. Scripts do not run and nothing is fetched.',
    },
    paper: {
      type: 'string',
      enum: ['a4', 'letter'],
      default: 'a4',
      description: 'The page size (15 mm margins); the document’s own @page size is ignored.',
    },
    title: { type: 'string', minLength: 1, maxLength: 200, description: 'The PDF’s title (metadata).' },
    provider: {
      type: 'string',
      enum: ['auto', 'chromium', 'pdf-lib'],
      default: 'auto',
      description:
        '"auto" (default): chromium when available here, else pdf-lib; "chromium": a headless browser, full HTML and CSS; "pdf-lib": built-in text layout, lower fidelity.',
    },
  },
} as const;

const RENDER_OUTPUT = {
  type: 'object',
  required: ['pdfBase64', 'bytes', 'pages', 'provider'],
  properties: {
    pdfBase64: { type: 'string' },
    bytes: { type: 'integer' },
    pages: { type: 'integer' },
    provider: { type: 'string', enum: ['chromium', 'pdf-lib'] },
  },
} as const;

/** The renderers behind `pdf.render`, in the order `auto` prefers them. */
export interface PdfRenderers {
  chromium: PdfRenderer;
  pdfLib: PdfRenderer;
}

function choose(renderers: PdfRenderers, wanted: ProviderChoice): PdfRenderer {
  if (wanted === 'pdf-lib') return renderers.pdfLib;
  const chromium = renderers.chromium.describe();
  if (wanted === 'auto') return chromium.available ? renderers.chromium : renderers.pdfLib;
  if (!chromium.available) {
    throw new ServerError(
      'PDF_PROVIDER_UNAVAILABLE',
      `The chromium provider is not available here: ${chromium.note}.`,
      {
        details: { provider: 'chromium', reason: chromium.note },
      },
    );
  }
  return renderers.chromium;
}

/** Counts the pages (the PDF must parse), applies the bound and the title. */
async function finishPdf(
  bytes: Uint8Array,
  title: string | undefined,
): Promise<{ pdf: Uint8Array; pages: number }> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    throw new ServerError('PDF_RENDER_FAILED', 'The renderer produced no readable PDF.', { cause: error });
  }
  const pages = document.getPageCount();
  if (pages > MAX_PDF_PAGES) {
    throw new ServerError('PDF_TOO_MANY_PAGES', `The document needs more than ${MAX_PDF_PAGES} pages.`, {
      details: { maxPages: MAX_PDF_PAGES },
    });
  }
  // Chromium names an untitled document after its URL (about:blank); that is no title.
  const current = document.getTitle();
  if (title === undefined && current !== 'about:blank') return { pdf: bytes, pages };
  document.setTitle(title ?? '');
  return { pdf: await document.save(), pages };
}

/**
 * `pdf.render`, plane `capability`: untrusted HTML to a PDF, served by `chromium` (a headless
 * browser, when one is installed) or `pdf-lib` (built in, a text layout). `auto` picks chromium
 * when available, else pdf-lib; the result and a trace event name who rendered. Over MCP the
 * PDF is an embedded `application/pdf` resource.
 *
 * @example
 * registry.register(createPdfRenderCapability({ renderers: { chromium, pdfLib }, timeoutMs: 30_000 }));
 */
export function createPdfRenderCapability(options: {
  renderers: PdfRenderers;
  timeoutMs: number;
}): Capability {
  const { renderers } = options;
  return defineCapability<RenderArgs, PdfRenderResult>({
    id: PDF_RENDER_ID,
    plane: 'capability',
    title: 'Render HTML to a PDF',
    description: `Renders an HTML document (at most ${MAX_PDF_HTML_CHARACTERS} characters, ${MAX_PDF_PAGES} pages) to a PDF: { pdfBase64, bytes, pages, provider } (over MCP the PDF is an embedded application/pdf resource). Providers: chromium (headless browser: full HTML and CSS; no script, no network, no local files) and pdf-lib (built-in text layout, lower fidelity); "auto" takes chromium when this install has it.`,
    input: RENDER_INPUT,
    output: RENDER_OUTPUT,
    policy: {
      access: 'account',
      meter: `tool:${PDF_RENDER_ID}`,
      rateLimit: { max: PDF_RENDERS_PER_MINUTE, windowMs: 60_000, per: 'user' },
      concurrency: { perUser: 1 },
      readOnly: true,
    },
    timeoutMs: options.timeoutMs,
    providers: () => [renderers.chromium.describe(), renderers.pdfLib.describe()],
    async run(args, { signal, deadline, trace }) {
      const renderer = choose(renderers, args.provider);
      trace({ type: 'provider', provider: renderer.name });
      const rendered = await renderer.render({ html: args.html, paper: args.paper }, { signal, deadline });
      const { pdf, pages } = await finishPdf(rendered, args.title);
      return {
        pdfBase64: Buffer.from(pdf).toString('base64'),
        bytes: pdf.byteLength,
        pages,
        provider: renderer.name,
      };
    },
    toMcpContent: ({ pdfBase64, ...meta }) => ({
      value: meta,
      resources: [{ uri: 'svc://pdf/render.pdf', mimeType: 'application/pdf', blob: pdfBase64 }],
    }),
  });
}
