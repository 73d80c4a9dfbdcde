import type { Scope } from '../../core/scope.js';
import type { LmxStatement } from './lmx-ast.js';

/**
 * Declares the names a function body declares anywhere in it (`let`, loop variables, `fn`,
 * a `catch` name), so every statement of the body sees them: lmx hoists like `var`.
 *
 * @example
 * ```ts
 * declareHoisted(statements, scope);
 * ```
 */
export function declareHoisted(statements: readonly LmxStatement[], scope: Scope): void {
  for (const statement of statements) {
    switch (statement.kind) {
      case 'let':
      case 'for':
      case 'fn':
        scope.declare(statement.name);
        break;
      case 'try':
        if (statement.name !== undefined) scope.declare(statement.name);
        declareHoisted(statement.body, scope);
        declareHoisted(statement.handler, scope);
        break;
    }
    if (statement.kind === 'if') {
      for (const branch of statement.branches) declareHoisted(branch.body, scope);
      if (statement.otherwise) declareHoisted(statement.otherwise, scope);
    } else if (statement.kind === 'while' || statement.kind === 'for') {
      declareHoisted(statement.body, scope);
    }
  }
}

/**
 * The `fn` statements of a body, nested blocks included (not nested functions' bodies).
 *
 * @example
 * ```ts
 * collectFunctions(statements).map((statement) => statement.name);
 * ```
 */
export function collectFunctions(
  statements: readonly LmxStatement[],
): Extract<LmxStatement, { kind: 'fn' }>[] {
  const found: Extract<LmxStatement, { kind: 'fn' }>[] = [];
  for (const statement of statements) {
    if (statement.kind === 'fn') found.push(statement);
    else if (statement.kind === 'if') {
      for (const branch of statement.branches) found.push(...collectFunctions(branch.body));
      if (statement.otherwise) found.push(...collectFunctions(statement.otherwise));
    } else if (statement.kind === 'while' || statement.kind === 'for')
      found.push(...collectFunctions(statement.body));
    else if (statement.kind === 'try')
      found.push(...collectFunctions(statement.body), ...collectFunctions(statement.handler));
  }
  return found;
}
