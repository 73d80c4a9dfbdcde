// lmc — quantities calculator: units, percentages and dates (`3 ft + 20 cm in m`).
export { lmcLanguage } from './lmc-language.js';
