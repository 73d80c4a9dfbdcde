// lmi — the install: ask what it can do (`INSTALL`, `CAN`, `PROVIDERS FOR`, `LIST`), read-only.
export { lmiLanguage } from './lmi-language.js';
