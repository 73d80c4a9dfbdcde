import type { PuzzleKind } from '../kind.js';
import { drawCryptogram } from './cryptogram-drawer.js';
import { generateCryptogram } from './cryptogram-generator.js';
import { normalizeCryptogramInput } from './cryptogram-input.js';
import type { CryptogramDoc, CryptogramInput } from './cryptogram-types.js';
import { validateCryptogram } from './cryptogram-validator.js';

/**
 * Cryptograms: a quotation enciphered by a seeded letter substitution in which no letter stands
 * for itself, with optional hint letters.
 *
 * @example
 * generatePage({ kind: 'cryptogram', input: { text: 'Knowledge is power.', author: 'Francis Bacon', hints: 2 }, seed: 'q1' });
 */
export const cryptogramKind = {
  name: 'cryptogram',
  title: 'Cryptogram',
  description:
    'A quotation in a secret letter code: work out which letter stands for which. No letter ever stands for itself.',
  requiresAccount: true,
  inputs: [
    {
      name: 'text',
      type: 'string',
      description:
        'The quotation: letters A–Z (accents dropped, case folded), spaces, digits and punctuation kept. Absent: a bundled public-domain quotation.',
      min: 1,
      max: 500,
    },
    {
      name: 'author',
      type: 'string',
      description: 'Printed, not enciphered, under the quotation.',
      min: 0,
      max: 100,
    },
    {
      name: 'hints',
      type: 'integer',
      description: 'Letters revealed: the most useful (frequent, in short words).',
      default: 0,
      min: 0,
      max: 10,
    },
  ],
  normalizeInput: normalizeCryptogramInput,
  generate: generateCryptogram,
  validate: validateCryptogram,
  summarize(doc) {
    const letters = doc.plainText.replace(/[^A-Z]/g, '').length;
    const hints = doc.hints.length === 1 ? '1 hint' : `${doc.hints.length} hints`;
    return `Cryptogram of ${letters} letters (${Object.keys(doc.key).length} different), ${hints}.`;
  },
  difficulty(doc) {
    if (doc.hints.length >= 3) return 'easy';
    return doc.hints.length > 0 ? 'medium' : 'hard';
  },
  draw: drawCryptogram,
} satisfies PuzzleKind<CryptogramInput, CryptogramDoc>;
