import { fromBuffer, type ZipFile } from 'yauzl';

// Test support: reads a downloaded ZIP the way an unzip tool would; never imported by production code.

/** Every entry of a ZIP archive, by path, with its bytes. */
export async function readZipEntries(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(archive, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: { fileName: string }) => {
      zip.openReadStream(entry as never, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

/** The rows of a JSON Lines entry. */
export function readJsonLines(bytes: Buffer | undefined): Array<Record<string, unknown>> {
  if (!bytes) return [];
  return bytes
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
