import { PDFContentStream, type PDFDocument, type PDFPage, PDFRawStream, type PDFRef } from 'pdf-lib';

/** The fields pdf-lib 1.17 (pinned) keeps a page's open content stream in. */
interface OpenContentStream {
  contentStream?: PDFContentStream | undefined;
  contentStreamRef?: PDFRef | undefined;
}

/**
 * Compresses a finished page's content stream now and drops its operators. pdf-lib keeps every
 * operator of every page as objects until `save()` (a page of 80×80 maze walls is tens of
 * thousands of them), so a 400-page book held over a gigabyte; sealed, a page costs only its
 * deflated bytes. The bytes written are the ones `save()` would have written for the open stream,
 * so the PDF does not change. Call it once nothing more is drawn on the page; drawing afterwards
 * starts a new content stream, which is still valid PDF.
 *
 * @example
 * drawPlannedPage(ctx, planned, request);
 * sealPage(pdf, page); // the page's operators are now deflated bytes
 */
export function sealPage(pdf: PDFDocument, page: PDFPage): boolean {
  const open = page as unknown as OpenContentStream;
  const stream = open.contentStream;
  const ref = open.contentStreamRef;
  // Another pdf-lib version may keep the stream elsewhere: then the page stays as it is.
  if (!(stream instanceof PDFContentStream) || ref === undefined) return false;
  pdf.context.assign(ref, PDFRawStream.of(stream.dict, stream.getContents()));
  open.contentStream = undefined;
  open.contentStreamRef = undefined;
  return true;
}
