import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = new URL('..', import.meta.url).pathname;

/** Every TypeScript file of the domain, or (`withTests` false) its sources without tests and test helpers. */
function sourceFiles(dir: string, withTests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'test-support' && !withTests ? [] : sourceFiles(path, withTests);
    if (!entry.name.endsWith('.ts')) return [];
    return withTests || !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The files a file imports (static, re-exported or dynamic; type-only imports too), by path. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      specifiers.push(node.moduleSpecifier.text);
    const [first] = ts.isCallExpression(node) ? node.arguments : [];
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      first &&
      ts.isStringLiteralLike(first)
    )
      specifiers.push(first.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
}

/** The import cycles of the graph: its strongly connected components of more than one file. */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop()!;
      component.push(relative(srcDir, member));
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) connect(file);
  return found;
}

/** Named functions that took a model's name before the reference table held the models. */
const NAME_LOOKUPS = new Set(['readById', 'countWhere']);

/**
 * The places a source text looks a model up by its name (`mongoose.model('Paper')`,
 * `mongoose.model(name)`, `mongoose.models[name]`, `readById('Paper', ...)`): the type checker
 * and find-references cannot follow those. Defining a model (`model('Paper', schema)`) is fine.
 */
function modelLookupsByName(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node) =>
    `${relative(srcDir, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const [first] = node.arguments;
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'model' && first) {
        if (node.arguments.length === 1) found.push(at(node));
      }
      if (ts.isIdentifier(callee) && NAME_LOOKUPS.has(callee.text)) found.push(at(node));
    }
    if (
      ts.isElementAccessExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'models'
    )
      found.push(at(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The places that may import another module's model: the reference table holds the models
 * themselves, storage/ builds and migrates them all, and search/ reads and rewrites the documents
 * it indexes, with what a hit shows of its paper, subject and university and what it suggests. Any other module uses another's data through that module's functions.
 */
const MAY_IMPORT_ANY_MODEL = ['writing/reference-table.ts', 'storage/', 'search/'];

/** Whether a path (relative to the source folder) is a module's models or the barrel of them all. */
const isModelFile = (path: string) => path === 'models.ts' || /^[^/]+\/model\.ts$/.test(path);

/** Each import of another module's model by a file of a module folder, as `file -> model`. */
function foreignModelImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, imports]) => {
    const path = relative(srcDir, file);
    const [folder] = path.split('/');
    if (!path.includes('/') || MAY_IMPORT_ANY_MODEL.some((allowed) => path.startsWith(allowed)))
      return [];
    return imports
      .map((imported) => relative(srcDir, imported))
      .filter((imported) => isModelFile(imported) && dirname(imported) !== folder)
      .map((imported) => `${path} -> ${imported}`);
  });
}

const graph = new Map(sourceFiles(srcDir).map((file) => [file, importsOf(file)]));

describe("the domain's import graph", () => {
  it('when every import is followed, then no file comes back to itself', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(cycles(graph)).toEqual([]);
  });

  it('when a file imports its own importer, then the check finds that cycle', () => {
    const a = join(srcDir, 'a.ts');
    const b = join(srcDir, 'b.ts');
    expect(
      cycles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([['a.ts', 'b.ts']]);
  });

  it('when the root is listed, then it holds at most ten files, every test in a folder', () => {
    const root = readdirSync(srcDir, { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(root.length).toBeLessThanOrEqual(10);
    expect(root.filter((entry) => entry.name.endsWith('.test.ts'))).toEqual([]);
  });

  it('when db.ts is read, then it imports the errors only: no migration, no model', () => {
    expect(graph.get(join(srcDir, 'db.ts'))!.map((file) => relative(srcDir, file))).toEqual([
      'errors.ts',
    ]);
  });

  it('when a source, test or test helper is read, then no model is looked up by its name', () => {
    const found = sourceFiles(srcDir, true).flatMap((file) =>
      modelLookupsByName(file, readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('when a file looks models up by name, then the check names each place', () => {
    const file = join(srcDir, 'sample.ts');
    const text = [
      "export const PaperModel = model('Paper', paperSchema);",
      "await mongoose.model('Paper').find({});",
      'await mongoose',
      "  .model('Question')",
      '  .countDocuments({});',
      'mongoose.model(name).schema;',
      "mongoose.models['Topic'];",
      "await readById('Subject', id);",
      "await countWhere('SubjectOffering', { branchId });",
      'await PaperModel.find({});',
    ].join('\n');
    expect(modelLookupsByName(file, text)).toEqual([
      'sample.ts:2',
      'sample.ts:3',
      'sample.ts:6',
      'sample.ts:7',
      'sample.ts:8',
      'sample.ts:9',
    ]);
  });
  it("when a module folder's file is read, then it imports no other module's model", () => {
    expect(foreignModelImports(graph)).toEqual([]);
  });

  it("when module files import other modules' models, then the check names each import", () => {
    const at = (path: string) => join(srcDir, path);
    const sample = new Map([
      [at('drafts/service.ts'), [at('paper/model.ts'), at('drafts/model.ts')]],
      [at('similar/lookup.ts'), [at('models.ts'), at('similar/plugin.ts')]],
      [at('writing/copies.ts'), [at('paper/model.ts')]],
      [at('paper/queries.ts'), [at('paper/model.ts')]],
      [at('writing/reference-table.ts'), [at('paper/model.ts')]],
      [at('storage/migrations.ts'), [at('models.ts')]],
      [at('search/service.ts'), [at('question/model.ts')]],
      [at('visibility.ts'), [at('paper/model.ts')]],
    ]);
    expect(foreignModelImports(sample)).toEqual([
      'drafts/service.ts -> paper/model.ts',
      'similar/lookup.ts -> models.ts',
      'writing/copies.ts -> paper/model.ts',
    ]);
  });
});
