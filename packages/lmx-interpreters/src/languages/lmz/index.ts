// lmz — events: rules `ON <event> [WHERE …] DO … END` and `EMIT`, printing which rules fired.
export { lmzLanguage } from './lmz-language.js';
