import type { ActivityIssue } from '../../errors.js';

const MAX_LENGTH = 2000;

const fail = (message: string, path = ''): ActivityIssue => ({ code: 'ACT_INVALID_PAGE', message, path });
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isLetter = (value: unknown): value is string => typeof value === 'string' && /^[A-Z]$/.test(value);

function checkKey(key: Record<string, unknown>): ActivityIssue[] {
  const issues: ActivityIssue[] = [];
  const plains = new Set<string>();
  for (const [cipher, plain] of Object.entries(key)) {
    if (!isLetter(cipher) || !isLetter(plain)) {
      issues.push(fail(`key: ${cipher} → ${String(plain)} is not a pair of letters A–Z.`, `/key/${cipher}`));
      continue;
    }
    if (cipher === plain)
      issues.push(fail(`key: ${cipher} stands for itself; the key must be a derangement.`, `/key/${cipher}`));
    if (plains.has(plain)) issues.push(fail(`key: two cipher letters stand for ${plain}.`, `/key/${cipher}`));
    plains.add(plain);
  }
  return issues;
}

/**
 * Checks a cryptogram doc: the key maps letters to letters, one to one, none to itself; the cipher
 * text decodes to the plain text letter by letter with everything else unchanged; every key
 * letter is used; the hints are key letters. Never throws.
 *
 * @example
 * validateCryptogram(page.doc); // [] when consistent
 */
export function validateCryptogram(doc: unknown): ActivityIssue[] {
  if (!isRecord(doc)) return [fail('A cryptogram page must be an object.')];
  const { cipherText, plainText, key, hints, author } = doc;
  if (typeof cipherText !== 'string' || typeof plainText !== 'string' || plainText.length > MAX_LENGTH) {
    return [fail(`cipherText and plainText must be text of at most ${MAX_LENGTH} characters.`, '/plainText')];
  }
  if (!isRecord(key)) return [fail('key must map cipher letters to plain letters.', '/key')];
  const issues = checkKey(key);
  if (/[^\P{L}A-Z]/u.test(plainText))
    issues.push(fail('plainText may hold only the letters A–Z besides other characters.', '/plainText'));
  if (cipherText.length !== plainText.length)
    issues.push(fail('cipherText and plainText differ in length.', '/cipherText'));
  const used = new Set<string>();
  for (let i = 0; i < Math.min(cipherText.length, plainText.length); i++) {
    const cipher = cipherText[i] as string;
    const plain = plainText[i] as string;
    const decoded = isLetter(cipher) ? key[cipher] : cipher;
    if (isLetter(cipher)) used.add(cipher);
    if (decoded !== plain) {
      issues.push(
        fail(
          `cipherText does not decode to plainText at character ${i + 1} (${cipher} → ${String(decoded)}, expected ${plain}).`,
          '/cipherText',
        ),
      );
      break;
    }
  }
  const unused = Object.keys(key).filter((cipher) => !used.has(cipher));
  if (unused.length > 0)
    issues.push(fail(`key: ${unused.join(', ')} never appear in the cipher text.`, '/key'));
  if (
    !Array.isArray(hints) ||
    !hints.every((hint) => isLetter(hint) && hint in key) ||
    new Set(hints).size !== hints.length
  ) {
    issues.push(fail('hints must be different cipher letters of the key.', '/hints'));
  } else if (hints.length >= used.size && used.size > 0)
    issues.push(fail('hints reveal every letter.', '/hints'));
  if (author !== null && typeof author !== 'string')
    issues.push(fail('author must be text or null.', '/author'));
  return issues;
}
