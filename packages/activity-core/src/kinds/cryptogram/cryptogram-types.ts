/** The normalised input of a cryptogram. */
export interface CryptogramInput {
  /** The folded quotation (A–Z, spaces, punctuation, digits), or null to pick a bundled one. */
  text: string | null;
  author: string | null;
  /** How many letters to reveal. */
  hints: number;
}

/** A cryptogram page. */
export interface CryptogramDoc {
  /** The enciphered text: each letter replaced, everything else kept. */
  cipherText: string;
  /** The quotation in capitals, as the solver should find it. */
  plainText: string;
  /** Cipher letter → plain letter, for every letter used; never a letter to itself. */
  key: Record<string, string>;
  /** Cipher letters whose plain letters are printed as hints, alphabetical. */
  hints: string[];
  author: string | null;
}
