import { describe, expect, it } from 'vitest';
import { formatBytes, loadFile, PREVIEW_BYTES } from './spec-file';

describe('a spec loaded from a file', () => {
  it('previews a small file whole', async () => {
    const loaded = await loadFile(new File(['openapi: 3.0.3\ninfo: {}\n'], 'small.yaml'));
    expect(loaded).toMatchObject({ preview: 'openapi: 3.0.3\ninfo: {}\n', truncated: false });
  });

  it('previews a large file up to its last whole line within the first bytes, and keeps the file', async () => {
    const line = 'x'.repeat(99);
    const file = new File([`${line}\n`.repeat(100)], 'large.yaml');
    const loaded = await loadFile(file);
    expect(loaded.truncated).toBe(true);
    expect(loaded.file).toBe(file);
    expect(loaded.preview.split('\n')).toEqual(Array(Math.floor(PREVIEW_BYTES / 100)).fill(line));
  });

  it('says sizes as people read them', () => {
    expect([formatBytes(812), formatBytes(4300), formatBytes(13_699_548)]).toEqual([
      '812 B',
      '4.2 KB',
      '13.1 MB',
    ]);
  });
});
