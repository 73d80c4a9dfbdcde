// lmy — the sheet: named values (`name: expr`) computed in dependency order into a document.
export { lmyLanguage } from './lmy-language.js';
