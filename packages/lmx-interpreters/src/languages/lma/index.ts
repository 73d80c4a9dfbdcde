// lma — tools: call any tool the install has (`USE`, `EACH … USE`, `DISCOVER`), metered, with a trace.
export { lmaLanguage } from './lma-language.js';
