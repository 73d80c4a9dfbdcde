import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';

// Test support for the pdf suites; never imported by production code.

/** The text of a PDF, extracted by poppler's `pdftotext` (installed in CI, where this never skips; elsewhere `npm test` leaves a suite out when it is missing). */
export function textOfPdf(pdf: Uint8Array): string {
  if (!existsSync('/usr/bin/pdftotext'))
    throw new Error('pdftotext is missing: apt-get install poppler-utils (.ci/run installs it)');
  return execFileSync('pdftotext', ['-', '-'], { input: pdf, encoding: 'utf8' });
}

/** The pages of a PDF as pdf-lib reads them (the PDF must parse). */
export async function readPdfPages(
  pdf: Uint8Array,
): Promise<{ count: number; width: number; height: number }> {
  const document = await PDFDocument.load(pdf);
  const first = document.getPage(0).getSize();
  return { count: document.getPageCount(), width: Math.round(first.width), height: Math.round(first.height) };
}

/** An HTTP server on loopback that must never be reached: it records every connection and request. */
export interface LoopbackTrap {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  connections: () => number;
  requests: string[];
  close(): Promise<void>;
}

/** Starts a {@link LoopbackTrap}. */
export async function startLoopbackTrap(): Promise<LoopbackTrap> {
  const requests: string[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.end('TRAPPED-RESPONSE');
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
