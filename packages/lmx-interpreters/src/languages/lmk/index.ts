// lmk — keyboard and mouse on an X display (host mode): `KEY`, `TYPE`, `CLICK`, `MOVE`.
export { lmkLanguage } from './lmk-language.js';
