// The Latin-1 entities (U+00A0 to U+00FF) in code point order, then the common others.
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'.split(
    ' ',
  );
const OTHERS: Record<string, number> = {
  amp: 38,
  lt: 60,
  gt: 62,
  quot: 34,
  apos: 39,
  OElig: 338,
  oelig: 339,
  Scaron: 352,
  scaron: 353,
  Yuml: 376,
  fnof: 402,
  circ: 710,
  tilde: 732,
  ensp: 8194,
  emsp: 8195,
  thinsp: 8201,
  zwnj: 8204,
  zwj: 8205,
  lrm: 8206,
  rlm: 8207,
  ndash: 8211,
  mdash: 8212,
  lsquo: 8216,
  rsquo: 8217,
  sbquo: 8218,
  ldquo: 8220,
  rdquo: 8221,
  bdquo: 8222,
  dagger: 8224,
  Dagger: 8225,
  bull: 8226,
  hellip: 8230,
  permil: 8240,
  prime: 8242,
  Prime: 8243,
  lsaquo: 8249,
  rsaquo: 8250,
  euro: 8364,
  trade: 8482,
  larr: 8592,
  uarr: 8593,
  rarr: 8594,
  darr: 8595,
  harr: 8596,
  minus: 8722,
  infin: 8734,
  ne: 8800,
  le: 8804,
  ge: 8805,
};

/** Named character references this decoder knows, name → code point. */
export const NAMED_ENTITIES: ReadonlyMap<string, number> = new Map([
  ...LATIN1.map((name, index) => [name, 0xa0 + index] as const),
  ...Object.entries(OTHERS),
]);

const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,6});?|#([0-9]{1,7});?|([A-Za-z][A-Za-z0-9]{1,31});)/g;

function fromCodePoint(code: number): string {
  // NUL, surrogates and values past Unicode become the replacement character, as browsers do.
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(code);
}

/**
 * Decodes character references: numeric ones (`&#233;`, `&#xE9;`) and the named ones of
 * {@link NAMED_ENTITIES} (with their `;`). An unknown name stays as written, as in a browser.
 *
 * @example
 * decodeHtmlEntities('Caf&eacute; &amp; cr&#xE8;me &unknown;'); // 'Café & crème &unknown;'
 */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, hex?: string, decimal?: string, name?: string) => {
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10));
    const code = NAMED_ENTITIES.get(name as string);
    return code === undefined ? whole : String.fromCodePoint(code);
  });
}
