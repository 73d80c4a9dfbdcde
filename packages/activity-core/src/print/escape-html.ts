const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for HTML and SVG element content and quoted attribute values.
 *
 * @example
 * escapeHtml('<b>"A" & B</b>'); // '&lt;b&gt;&quot;A&quot; &amp; B&lt;/b&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/**
 * A CSS hex colour from a drawing, or `fallback` when the value is anything else — drawings
 * come from kinds, but a colour is written into markup and must never carry markup itself.
 *
 * @example
 * readColor('#ff0000', '#000000'); // '#ff0000'
 * readColor('red" onload="x', '#000000'); // '#000000'
 */
export function readColor(value: string | undefined, fallback: string): string {
  return typeof value === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value) ? value : fallback;
}

/**
 * A number for markup and PDF operators: at most `digits` decimals, no exponent, `0` for
 * non-finite values, so output is compact and the same on every platform.
 *
 * @example
 * formatNumber(1 / 3); // '0.333'
 */
export function formatNumber(value: number, digits = 3): string {
  if (!Number.isFinite(value)) return '0';
  const rounded = Number(value.toFixed(digits));
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
