// lmt — timers (host mode): `AFTER`, `EVERY … TIMES`, `SLEEP`, all inside the run's time bound.
export { lmtLanguage } from './lmt-language.js';
