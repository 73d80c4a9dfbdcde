import { describe, expect, it } from 'vitest';
import { toAttachmentDisposition } from './activity-download.js';

describe('the download file name', () => {
  it('keeps an ASCII name and the full UTF-8 title', () => {
    expect(toAttachmentDisposition('Rätsel: Band 1/2')).toBe(
      `attachment; filename="Ratsel-Band-1-2.pdf"; filename*=UTF-8''R%C3%A4tsel%20Band%201-2.pdf`,
    );
    expect(toAttachmentDisposition('漢字')).toBe(
      `attachment; filename="book.pdf"; filename*=UTF-8''%E6%BC%A2%E5%AD%97.pdf`,
    );
  });

  it('lets no quote, line break, path or header trick through', () => {
    for (const title of [
      'a"b\r\nX-Injected: 1',
      '../../etc/passwd',
      '\\\\server\\share',
      '  ',
      '"; filename=evil.exe',
    ]) {
      const value = toAttachmentDisposition(title);
      expect(value).not.toMatch(/[\r\n]/);
      const [, ascii, utf8] = /^attachment; filename="([^"]*)"; filename\*=UTF-8''(\S+)$/.exec(value) ?? [];
      expect(ascii).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*\.pdf$/);
      expect(decodeURIComponent(utf8 ?? '')).not.toMatch(/[/\\"\r\n]|^\./);
    }
  });
});
