import { relative, resolve, sep } from 'node:path';
import type * as TypeScript from 'typescript';
import { DocsError } from '../errors.js';
import type { ApiSymbol } from '../types.js';

type Ts = typeof TypeScript;

const MAX_SIGNATURE_LINES = 60;

/**
 * Extracts every exported symbol of each entry file with the TypeScript compiler API (loaded on
 * demand: `typescript` is an optional peer dependency): name, kind, declaration without bodies,
 * JSDoc text, `@example`s, `@deprecated`, and where it is declared. One program serves all
 * entries. Paths in the result are relative to `root`.
 *
 * @example
 * const apis = await extractApis('/repo', ['packages/spec-toolkit/src/index.ts']);
 * apis.get('packages/spec-toolkit/src/index.ts')?.find((s) => s.name === 'validate')?.signature;
 */
export async function extractApis(
  root: string,
  entries: readonly string[],
): Promise<Map<string, ApiSymbol[]>> {
  const ts = await loadTypeScript();
  const files = entries.map((entry) => resolve(root, entry));
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    resolveJsonModule: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const result = new Map<string, ApiSymbol[]>();
  entries.forEach((entry, index) => {
    const source = program.getSourceFile(files[index] as string);
    const moduleSymbol = source ? checker.getSymbolAtLocation(source) : undefined;
    if (!source || !moduleSymbol) {
      result.set(entry, []);
      return;
    }
    const symbols = checker
      .getExportsOfModule(moduleSymbol)
      .map((exported) => describeSymbol(ts, checker, root, exported))
      .filter((symbol): symbol is ApiSymbol => symbol !== undefined)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    result.set(entry, symbols);
  });
  return result;
}

async function loadTypeScript(): Promise<Ts> {
  try {
    const loaded = (await import('typescript')) as Ts & { default?: Ts };
    return loaded.default ?? loaded;
  } catch (error) {
    throw new DocsError(
      'DOCS_INVALID_ARGUMENT',
      'Extracting the API needs the typescript package (npm i -D typescript).',
      {
        cause: error,
      },
    );
  }
}

function describeSymbol(
  ts: Ts,
  checker: TypeScript.TypeChecker,
  root: string,
  exported: TypeScript.Symbol,
): ApiSymbol | undefined {
  const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const declarations = target.declarations ?? [];
  const declaration = declarations[0];
  if (!declaration) return undefined;
  const source = declaration.getSourceFile();
  const tags = target.getJsDocTags(checker);
  const deprecated = tags.find((tag) => tag.name === 'deprecated');
  return {
    name: exported.getName(),
    kind: kindOf(ts, declaration),
    signature: signatureOf(ts, checker, declarations),
    doc: ts.displayPartsToString(target.getDocumentationComment(checker)).trim(),
    examples: tags
      .filter((tag) => tag.name === 'example')
      .map((tag) => ts.displayPartsToString(tag.text).trim()),
    deprecated: deprecated ? ts.displayPartsToString(deprecated.text).trim() : null,
    sourcePath: relative(root, source.fileName).split(sep).join('/'),
    line: source.getLineAndCharacterOfPosition(declaration.getStart(source)).line + 1,
  };
}

function kindOf(ts: Ts, node: TypeScript.Declaration): ApiSymbol['kind'] {
  if (ts.isFunctionDeclaration(node)) return 'function';
  if (ts.isClassDeclaration(node)) return 'class';
  if (ts.isInterfaceDeclaration(node)) return 'interface';
  if (ts.isTypeAliasDeclaration(node)) return 'type';
  if (ts.isEnumDeclaration(node)) return 'enum';
  if (ts.isModuleDeclaration(node)) return 'namespace';
  if (
    ts.isVariableDeclaration(node) &&
    node.initializer &&
    (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
  ) {
    return 'function';
  }
  return 'const';
}

function signatureOf(
  ts: Ts,
  checker: TypeScript.TypeChecker,
  declarations: readonly TypeScript.Declaration[],
): string {
  const first = declarations[0] as TypeScript.Declaration;
  const source = first.getSourceFile();
  const textOf = (node: TypeScript.Node, end?: number) =>
    source.text.slice(node.getStart(source), end ?? node.getEnd()).trim();
  let text: string;
  if (ts.isFunctionDeclaration(first)) {
    const functions = declarations.filter(ts.isFunctionDeclaration);
    const overloads = functions.filter((node) => !node.body);
    const shown = overloads.length > 0 ? overloads : functions;
    text = shown
      .map((node) => (node.body ? textOf(node, node.body.getStart(source)) : textOf(node)).replace(/;$/, ''))
      .join('\n');
  } else if (ts.isClassDeclaration(first)) {
    const header = textOf(first, first.members.pos)
      .replace(/\{\s*$/, '')
      .trim();
    const members = first.members
      .filter(
        (member) => !hasPrivateModifier(ts, member) && !(member.name && ts.isPrivateIdentifier(member.name)),
      )
      .map((member) => {
        const body = (member as { body?: TypeScript.Node }).body;
        return `  ${textOf(member, body ? body.getStart(source) : undefined)
          .replace(/\s*;?$/, ';')
          .replace(/\n\s*/g, ' ')}`;
      });
    text = `${header} {\n${members.join('\n')}\n}`;
  } else if (ts.isVariableDeclaration(first)) {
    const type = first.type
      ? first.type.getText(source)
      : checker.typeToString(checker.getTypeAtLocation(first), first);
    const keyword =
      ts.isVariableDeclarationList(first.parent) && first.parent.flags & ts.NodeFlags.Const ? 'const' : 'let';
    text = `${keyword} ${first.name.getText(source)}: ${type}`;
  } else if (ts.isModuleDeclaration(first)) {
    text = `namespace ${first.name.getText(source)}`;
  } else {
    text = textOf(first);
  }
  const lines = text.replace(/\/\*\*[\s\S]*?\*\/\s*/g, '').split('\n');
  return lines.length > MAX_SIGNATURE_LINES
    ? [...lines.slice(0, MAX_SIGNATURE_LINES), '  // …'].join('\n')
    : lines.join('\n');
}

function hasPrivateModifier(ts: Ts, node: TypeScript.Node): boolean {
  const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
  return (modifiers ?? []).some(
    (modifier) =>
      modifier.kind === ts.SyntaxKind.PrivateKeyword || modifier.kind === ts.SyntaxKind.ProtectedKeyword,
  );
}
