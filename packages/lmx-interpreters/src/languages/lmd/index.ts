// lmd — desktop windows on an X display (host mode): `WINDOWS`, `FOCUS`, `SCREENSHOT`.
export { lmdLanguage } from './lmd-language.js';
