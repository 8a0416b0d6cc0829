// Fails when the server's features, or the web app's, import each other in a circle.
//
// Each area is checked alone (server and web share only src/shared, which imports neither).
// Each folder under src/<area>/features/ is one node, and so is each other folder or file of
// the area (auth/, git/, container.ts on the server; components/, api/, router.tsx on the web). An edge is a value import (or re-export, or
// dynamic import) from a file of one node to a file of another; `import type` and
// `export type` are left out, since they load nothing at run time. Tests are left out too:
// they are not part of the running server. Run by `npm run lint`; `--graph` prints the edges.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const root = resolve(import.meta.dirname, '..');
const AREAS = [
  { name: 'Server', dir: join(root, 'src', 'server') },
  { name: 'Web', dir: join(root, 'src', 'web') },
];

/** Every source file of an area but tests and the generated migrations. */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The node a file belongs to: `features/<name>`, or its first folder or file under the area. */
function nodeOf(area, file) {
  const parts = relative(area, file).split(sep);
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts[0].replace(/\.tsx?$/, '');
}

/** The specifiers a file loads at run time. */
function valueImports(file) {
  const text = readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Edges between nodes, each with one file that makes it, for the message. */
function featureGraph(area) {
  const edges = new Map();
  for (const file of sourceFiles(area)) {
    const from = nodeOf(area, file);
    for (const specifier of valueImports(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(area + sep)) continue;
      const to = nodeOf(area, target);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const targets = edges.get(from);
      if (!targets.has(to)) targets.set(to, relative(root, file));
    }
  }
  return edges;
}

/** Strongly connected components of more than one node (Tarjan), each one circle or more. */
function cycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const connect = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) connect(node);
  return found;
}

let circles = 0;
for (const area of AREAS) {
  const edges = featureGraph(area.dir);
  if (process.argv.includes('--graph')) {
    console.log(`${area.name}:`);
    for (const [from, targets] of [...edges].sort())
      console.log(`  ${from} -> ${[...targets.keys()].sort().join(', ')}`);
  }
  const found = cycles(edges);
  circles += found.length;
  for (const component of found) {
    console.error(`${area.name} features import each other in a circle: ${component.join(', ')}`);
    for (const from of component)
      for (const [to, file] of edges.get(from) ?? [])
        if (component.includes(to)) console.error(`  ${from} -> ${to} (${file})`);
  }
}
if (circles > 0) {
  console.error(
    'Break the circle: on the server with an event on the bus or a hook the lower feature offers;' +
      ' on the web by moving the shared piece to src/web/components (or src/web/lib).',
  );
  process.exit(1);
}
