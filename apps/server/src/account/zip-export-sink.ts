import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import type { AccountExportSink } from '../plugins/account-data.js';

/** The export's archive: the ZIP being written (`outputStream`) and a sink per folder. */
export interface ZipExport {
  /** The archive's bytes, to send as the response body. */
  outputStream: Readable;
  /** A sink whose every path is under `folder/` (`''` for the archive's root). */
  sinkFor(folder: string): AccountExportSink;
  /** Writes the central directory: the archive is complete once `outputStream` ends. */
  end(): void;
  /** Stops the archive with an error (the download breaks instead of ending looking complete). */
  fail(error: Error): void;
}

/** JSON files compress well; PDFs are already compressed, so they are stored as they are. */
function shouldCompress(path: string): boolean {
  return !path.endsWith('.pdf');
}

async function* toLines(rows: AsyncIterable<unknown>): AsyncGenerator<string> {
  for await (const row of rows) yield `${JSON.stringify(row)}\n`;
}

/**
 * Creates a streaming ZIP (yazl) for one export. Entries are written one at a time in the order
 * they are added; `addStream` and `addJsonLines` resolve once their bytes went into the archive,
 * so the caller holds one page or one file's chunk at a time, and `signal` (the client went away)
 * stops the stream being read.
 *
 * @example
 * const zip = createZipExport(signal);
 * reply.send(zip.outputStream);
 * await zip.sinkFor('activity').addJson('export-jobs.json', jobs);
 * zip.end();
 */
export function createZipExport(signal: AbortSignal): ZipExport {
  const zip = new ZipFile();
  const mtime = new Date();
  const outputStream = zip.outputStream as Readable;

  async function addStream(path: string, body: Readable): Promise<void> {
    signal.throwIfAborted();
    zip.addReadStream(body, path, { mtime, compress: shouldCompress(path) });
    try {
      await finished(body, { signal });
    } catch (error) {
      body.destroy();
      throw error;
    }
  }

  return {
    outputStream,
    sinkFor(folder) {
      const pathOf = (path: string) => (folder === '' ? path : `${folder}/${path}`);
      return {
        async addJson(path, value) {
          signal.throwIfAborted();
          zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), pathOf(path), { mtime });
        },
        addJsonLines: (path, rows) => addStream(pathOf(path), Readable.from(toLines(rows))),
        addStream: (path, body) => addStream(pathOf(path), body),
      };
    },
    end: () => zip.end(),
    fail: (error) => outputStream.destroy(error),
  };
}
