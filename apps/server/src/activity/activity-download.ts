/**
 * A `Content-Disposition: attachment` value naming the file after `title`: an ASCII `filename`
 * every client understands (letters, digits, `-`, `_`, `.`), plus the full title as RFC 5987
 * `filename*` for clients that read UTF-8 names. Quotes, slashes, control characters and path
 * tricks never survive into either.
 *
 * @example
 * toAttachmentDisposition('Rätsel: Band 1/2'); // attachment; filename="Ratsel-Band-1-2.pdf"; filename*=UTF-8''R%C3%A4tsel%20Band%201-2.pdf
 */
export function toAttachmentDisposition(title: string, extension = 'pdf'): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  const readable = title
    .replace(/[\p{Cc}"\\/:*?<>|]+/gu, (run) => (run.includes('/') ? '-' : ' '))
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+/, '')
    .trim()
    .slice(0, 120);
  const name = ascii || 'book';
  const utf8 = encodeURIComponent(`${readable || name}.${extension}`).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${name}.${extension}"; filename*=UTF-8''${utf8}`;
}
