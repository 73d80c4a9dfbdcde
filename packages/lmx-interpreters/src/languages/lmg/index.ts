// lmg — the programming grid: cells of a JSON/YAML grid document evaluated as a dependency graph.
export { lmgLanguage } from './lmg-language.js';
