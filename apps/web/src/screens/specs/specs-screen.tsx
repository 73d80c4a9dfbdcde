import './specs.css';
import { DiffPanel } from './diff-panel';
import { ValidatePanel } from './validate-panel';

/**
 * Specs: validate one spec (errors by line) and diff two (grouped by operation, breaking first).
 * Every check runs in a Web Worker, so the page answers input while a large spec is read.
 */
export function SpecsScreen() {
  return (
    <section>
      <h1 tabIndex={-1}>API specs</h1>
      <ValidatePanel />
      <DiffPanel />
    </section>
  );
}
