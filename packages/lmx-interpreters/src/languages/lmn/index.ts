// lmn — notifications: `NOTIFY <channel> TO … SUBJECT …`, quiet windows and digests (a dry run without a bridge).
export { lmnLanguage } from './lmn-language.js';
