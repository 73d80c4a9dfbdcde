import { GateError } from '../errors.js';
import { UNICODE_SCRIPTS } from './unicode-scripts.js';

/** Why an email address was refused as a look-alike; `details.reason` of `GATE_EMAIL_CONFUSABLE`. */
export type ConfusableEmailReason =
  | 'invisible-character'
  | 'bidi-control'
  | 'combining-mark'
  | 'mixed-script';

/** A refused character: why, and which. */
export interface ConfusableEmailProblem {
  reason: ConfusableEmailReason;
  /** The offending character, `U+200B` style (it may not be visible in a message). */
  codePoint: string;
}

const BIDI_CONTROL = /\p{Bidi_Control}/u;
// Format and control characters, private use, surrogates, unassigned code points, and the
// default-ignorables that render as nothing (zero-width space, joiners, variation selectors…).
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Cn}\p{Default_Ignorable_Code_Point}]/u;
const MARK = /\p{M}/u;
const COMMON_OR_INHERITED = /^[\p{scx=Zyyy}\p{scx=Zinh}]$/u;
const SCRIPT_TESTS = UNICODE_SCRIPTS.map((name) => ({
  name,
  pattern: new RegExp(`^\\p{scx=${name}}$`, 'u'),
}));
// UTS #39's augmented script sets: Han with kana is Japanese, Han with Hangul Korean, Han with Bopomofo Chinese.
const AUGMENTED: Record<string, readonly string[]> = {
  Han: ['Han', 'Hanb', 'Jpan', 'Kore'],
  Hiragana: ['Hiragana', 'Jpan'],
  Katakana: ['Katakana', 'Jpan'],
  Hangul: ['Hangul', 'Kore'],
  Bopomofo: ['Bopomofo', 'Hanb'],
};

const hex = (char: string): string =>
  `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** The augmented script set of one character; undefined for Common and Inherited (any script). */
function scriptsOf(char: string): Set<string> | undefined {
  if (char < '\u0080') return /[a-z]/i.test(char) ? new Set(['Latin']) : undefined;
  if (COMMON_OR_INHERITED.test(char)) return undefined;
  const scripts = new Set<string>();
  for (const { name, pattern } of SCRIPT_TESTS) {
    if (pattern.test(char)) for (const script of AUGMENTED[name] ?? [name]) scripts.add(script);
  }
  return scripts.size > 0 ? scripts : new Set(['Unknown']);
}

/**
 * Normalises an email address for storage and every lookup: trimmed, NFKC (fullwidth `ａ` and
 * ligatures become their plain letters), the Turkish capital dotted `İ` folded to `i` (Unicode's
 * Turkic case folding: `toLowerCase` would leave `i` plus a combining dot), lower-cased.
 *
 * @example
 * normalizeEmailAddress(' ＡＤＭＩＮ@Example.test '); // 'admin@example.test'
 * normalizeEmailAddress('ADM\u0130N@example.test'); // 'admin@example.test'
 */
export function normalizeEmailAddress(email: string): string {
  return email
    .trim()
    .normalize('NFKC')
    .replace(/\u0130/g, 'i')
    .toLowerCase()
    .normalize('NFKC');
}

/**
 * The first reason `email` could pass for another address, or undefined: an invisible or
 * formatting character anywhere (zero-width space, soft hyphen, variation selector…), a bidi
 * control anywhere, and in the normalised local part a combining mark left on an ASCII letter
 * (`i` + U+0307 looks like `i`) or letters of more than one script (UTS #39 single-script: one
 * script plus Common and Inherited, Han may go with kana or Hangul).
 *
 * @example
 * findConfusableEmailProblem('admin\u200b@example.test'); // { reason: 'invisible-character', codePoint: 'U+200B' }
 * findConfusableEmailProblem('pаypal@example.test'); // { reason: 'mixed-script', … } (Cyrillic а)
 */
export function findConfusableEmailProblem(email: string): ConfusableEmailProblem | undefined {
  for (const char of email.trim()) {
    if (BIDI_CONTROL.test(char)) return { reason: 'bidi-control', codePoint: hex(char) };
    if (INVISIBLE.test(char)) return { reason: 'invisible-character', codePoint: hex(char) };
  }
  const local = [...(normalizeEmailAddress(email).split('@')[0] ?? '')];
  let resolved: Set<string> | undefined;
  for (const [index, char] of local.entries()) {
    if (BIDI_CONTROL.test(char)) return { reason: 'bidi-control', codePoint: hex(char) };
    if (INVISIBLE.test(char)) return { reason: 'invisible-character', codePoint: hex(char) };
    const previous = local[index - 1];
    if (MARK.test(char) && previous !== undefined && previous < '\u0080') {
      return { reason: 'combining-mark', codePoint: hex(char) };
    }
    const scripts = scriptsOf(char);
    if (scripts === undefined) continue;
    resolved =
      resolved === undefined ? scripts : new Set([...resolved].filter((script) => scripts.has(script)));
    if (resolved.size === 0) return { reason: 'mixed-script', codePoint: hex(char) };
  }
  return undefined;
}

const MESSAGES: Record<ConfusableEmailReason, string> = {
  'invisible-character': 'The email address contains an invisible character; type it again without it.',
  'bidi-control': 'The email address contains a text-direction control character; type it again without it.',
  'combining-mark': 'The email address puts an accent that has no single-letter form on a plain letter.',
  'mixed-script': 'The local part of the email address mixes letters of different scripts.',
};

/**
 * Throws `GATE_EMAIL_CONFUSABLE` (400, `details: { field, reason, codePoint }`) when
 * {@link findConfusableEmailProblem} finds a problem.
 *
 * @example
 * assertEmailNotConfusable(input.email);
 */
export function assertEmailNotConfusable(email: string): void {
  const problem = findConfusableEmailProblem(email);
  if (problem) {
    throw new GateError('GATE_EMAIL_CONFUSABLE', MESSAGES[problem.reason], {
      details: { field: 'email', ...problem },
    });
  }
}
