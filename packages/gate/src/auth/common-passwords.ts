import { COMMON_PASSWORD_LIST } from './common-password-list.js';

/** Rows whose runs (forwards and backwards, four characters or more) are common passwords. */
// The digit row wraps round twice so `123456789012` and `890123456789` are runs too.
const RUNS = [
  'abcdefghijklmnopqrstuvwxyz',
  '012345678901234567890123',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1qaz2wsx3edc4rfv5tgb6yhn',
];
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '@': 'a',
  $: 's',
  '!': 'i',
};
const SEPARATORS = /[\s._\-+]+/g;
const PADDING = /^[^a-z]+|[^a-z]+$/g;

function addRuns(set: Set<string>): void {
  for (const row of RUNS) {
    for (const text of [row, [...row].reverse().join('')]) {
      for (let start = 0; start < text.length; start++) {
        for (let end = start + 4; end <= text.length; end++) set.add(text.slice(start, end));
      }
    }
  }
}

let cached: Set<string> | undefined;

/**
 * The set of common passwords: the written-out list plus derived runs. Built once, lazily.
 *
 * @example
 * readCommonPasswords().has('qwertyuiop'); // true
 */
export function readCommonPasswords(): ReadonlySet<string> {
  if (!cached) {
    cached = new Set(COMMON_PASSWORD_LIST.split(/\s+/).filter((word) => word !== ''));
    addRuns(cached);
  }
  return cached;
}

function undoLeet(text: string): string {
  return [...text].map((char) => LEET[char] ?? char).join('');
}

// `passwordpassword`, `qwertyqwerty`, `abcabcabcabc`: a unit repeated.
function isRepetition(text: string, common: ReadonlySet<string>): boolean {
  for (let size = 1; size <= text.length / 2; size++) {
    if (text.length % size !== 0) continue;
    const unit = text.slice(0, size);
    if (unit.repeat(text.length / size) === text && (size <= 3 || common.has(unit))) return true;
  }
  return false;
}

// Two common words glued together: `monkeybanana`, `iloveyousunshine`.
function isPairOfCommon(text: string, common: ReadonlySet<string>): boolean {
  for (let cut = 3; cut <= text.length - 3; cut++) {
    if (common.has(text.slice(0, cut)) && common.has(text.slice(cut))) return true;
  }
  return false;
}

function isCommonForm(text: string, common: ReadonlySet<string>): boolean {
  return text !== '' && (common.has(text) || isRepetition(text, common) || isPairOfCommon(text, common));
}

/**
 * True when a password is common or a trivial variant of a common one. Case-insensitive; also
 * looks through separators (`pass-word`), leet spelling (`p@ssw0rd`), leading or trailing digits
 * and symbols (`Password2024!`), repetition (`qwertyqwerty`), two common words glued together
 * (`dragonmaster`) and passwords with fewer than five distinct characters (`abababababab`).
 *
 * @example
 * isCommonPassword('Sunshine2024!'); // true
 * isCommonPassword('violet-cactus-harbour'); // false
 */
export function isCommonPassword(password: string): boolean {
  const common = readCommonPasswords();
  const lower = password.toLowerCase();
  if (new Set(lower).size < 5) return true;
  const joined = lower.replace(SEPARATORS, '');
  const forms = new Set<string>();
  for (const text of [lower, joined, joined.replace(PADDING, '')]) {
    const leet = undoLeet(text);
    // `1` reads as `i` or `l`; padding is stripped before and after reading digits as letters.
    for (const form of [text, leet, leet.replace(/i/g, 'l')]) forms.add(form).add(form.replace(PADDING, ''));
  }
  for (const form of forms) if (isCommonForm(form, common)) return true;
  return false;
}
