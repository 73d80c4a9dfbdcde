// lmx — general logic: variables, if/while/for, fn and lambdas, try/catch, print (the family's full language).
export { lmxLanguage } from './lmx-language.js';
