// lmq — queries: read stored rows (`FROM … WHERE … ORDER BY … SELECT …`) through the db bridge, read-only.
export { lmqLanguage } from './lmq-language.js';
