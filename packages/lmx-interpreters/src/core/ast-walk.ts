import type { Expression } from './ast.js';

/**
 * Calls `visit` for every name an expression reads, in source order (names inside
 * templates and extension nodes included). Dependency-ordered languages use it to find
 * what an entry depends on.
 *
 * @example
 * ```ts
 * const names: string[] = [];
 * visitNames(parser.parseExpression(), (node) => names.push(node.name));
 * ```
 */
export function visitNames(
  expression: Expression,
  visit: (node: Extract<Expression, { kind: 'name' }>) => void,
): void {
  switch (expression.kind) {
    case 'name':
      visit(expression);
      return;
    case 'lambda': {
      // A lambda reads the names of its body except its own parameters.
      const params = new Set(expression.params);
      visitNames(expression.body, (node) => {
        if (!params.has(node.name)) visit(node);
      });
      return;
    }
    case 'number':
    case 'string':
    case 'boolean':
    case 'null':
      return;
    case 'template':
      for (const segment of expression.segments)
        if (segment.kind === 'expression') visitNames(segment.expression, visit);
      return;
    case 'list':
      for (const item of expression.items) visitNames(item, visit);
      return;
    case 'map':
      for (const entry of expression.entries) visitNames(entry.value, visit);
      return;
    case 'unary':
      visitNames(expression.operand, visit);
      return;
    case 'binary':
    case 'logical':
      visitNames(expression.left, visit);
      visitNames(expression.right, visit);
      return;
    case 'member':
      visitNames(expression.object, visit);
      return;
    case 'index':
      visitNames(expression.object, visit);
      visitNames(expression.index, visit);
      return;
    case 'call':
      visitNames(expression.callee, visit);
      for (const arg of expression.args) visitNames(arg, visit);
      return;
    case 'extension':
      for (const child of expression.children) visitNames(child, visit);
      return;
  }
}
