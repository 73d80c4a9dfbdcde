// lmai — language models: `ASK`, `SYSTEM`, `JSON`, with usage (an echo stub for `auto` without a model).
export { lmaiLanguage } from './lmai-language.js';
