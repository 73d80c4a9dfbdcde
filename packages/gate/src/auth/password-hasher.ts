import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt parameters as stored in a password hash: N = 2^ln, block size r, parallelism p. */
export interface ScryptParams {
  ln: number;
  r: number;
  p: number;
}

const MIB = 1024 * 1024;
/** scrypt's working memory is about 128 · N · r bytes: 128 MiB at the default N = 2^17, r = 8. */
const MIN_MAX_MEMORY = 256 * MIB;
/** Parameters read back from storage may not ask for more than this. */
const MEMORY_CEILING = 1024 * MIB;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PHC_PATTERN = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function deriveKey(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  const N = 2 ** params.ln;
  // Node refuses when 128 · r · (N + p + 2) passes maxmem; 256 MiB covers the default with room.
  const maxmem = Math.max(MIN_MAX_MEMORY, 128 * params.r * (N + params.p + 2) + MIB);
  const options: ScryptOptions = { N, r: params.r, p: params.p, maxmem };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

// Bounds for parameters read back from storage, so a damaged or hostile row cannot ask for
// gigabytes of memory or minutes of CPU.
function isSaneParams(params: ScryptParams): boolean {
  if (params.ln < 10 || params.ln > 20 || params.r < 1 || params.r > 16 || params.p < 1 || params.p > 4)
    return false;
  return 128 * 2 ** params.ln * params.r <= MEMORY_CEILING;
}

/** Reads the parameters, salt and key of a PHC-style scrypt hash; undefined when it is not one. */
export function parsePasswordHash(
  phc: string,
): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const match = PHC_PATTERN.exec(phc);
  if (!match) return undefined;
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  const salt = Buffer.from(match[4] as string, 'base64');
  const key = Buffer.from(match[5] as string, 'base64');
  if (!isSaneParams(params) || salt.length < 16 || (key.length !== 32 && key.length !== 64)) return undefined;
  return { params, salt, key };
}

/**
 * Hashes a password with scrypt (N = 2^cost, r = 8, p = 1, 16-byte random salt, 32-byte key)
 * into a PHC-style string that records its own parameters, so the cost can rise later without
 * invalidating stored hashes. The whole password is hashed: nothing is truncated.
 *
 * @example
 * const phc = await hashPassword('correct horse battery staple', 17);
 * // '$scrypt$ln=17,r=8,p=1$<salt base64>$<key base64>'
 */
export async function hashPassword(password: string, cost: number): Promise<string> {
  const params = { ln: cost, r: 8, p: 1 };
  if (!isSaneParams(params)) throw new RangeError(`scrypt cost must be from 10 to 20, got ${cost}.`);
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, params, KEY_BYTES);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64').replace(/=+$/, '')}$${key
    .toString('base64')
    .replace(/=+$/, '')}`;
}

/**
 * Checks a password against a stored hash, with the parameters read from that hash, comparing
 * in constant time. An unparseable hash never matches.
 *
 * @example
 * await verifyPassword('correct horse battery staple', phc); // true
 */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const parsed = parsePasswordHash(phc);
  if (!parsed) return false;
  const candidate = await deriveKey(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}

/**
 * True when a stored hash was made with weaker parameters than `cost` asks for today (or cannot
 * be read), so it should be replaced after the next successful login.
 *
 * @example
 * if (await verifyPassword(password, phc) && needsRehash(phc, 17)) phc = await hashPassword(password, 17);
 */
export function needsRehash(phc: string, cost: number): boolean {
  const parsed = parsePasswordHash(phc);
  return !parsed || parsed.params.ln < cost || parsed.params.r !== 8 || parsed.params.p !== 1;
}
