// lmm — math and statistics line calculator: vectors, matrices, mean/median/stdev.
export { lmmLanguage } from './lmm-language.js';
