export { executeScript } from './execute-script.js';
