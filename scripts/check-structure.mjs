#!/usr/bin/env node
/**
 * The shape every feature keeps (docs/feature-template.md), checked in `npm run check`:
 * - inside src/features/<area>/ only the template's folders and files;
 * - every file and folder name in the app's code is kebab-case;
 * - no import cycle among the TypeScript files of the projects in tsconfig.json.
 * Prints each problem with what to do; exits 1 when there is one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// require, not import: importing CommonJS from ESM scans all of typescript.js for its export names first.
const ts = createRequire(import.meta.url)('typescript');

export const FEATURE_FOLDERS = ['api', 'components', 'routes', 'hooks', 'locales', 'utils'];
export const FEATURE_FILES = ['schemas.ts', 'types.ts', 'utils.ts', 'constants.ts'];
/** Where names must be kebab-case (tool-owned places such as migrations keep their tools' names). */
export const KEBAB_ROOTS = ['src', 'tests', 'e2e', 'scripts'];

const TEMPLATE =
  `A feature holds only the folders ${FEATURE_FOLDERS.join('/ ')}/ and the files ` +
  `${FEATURE_FILES.join(' ')} (docs/feature-template.md).`;

// lower-case words joined by hyphens, then any number of lower-case extensions (.module.css, .d.ts).
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

function entries(folder) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** What does not fit the template inside each src/features/<area>. */
export function featureProblems(root) {
  const problems = [];
  const featuresFolder = join(root, 'src', 'features');
  for (const feature of entries(featuresFolder)) {
    const where = `src/features/${feature.name}`;
    if (!feature.isDirectory()) {
      problems.push(`${where}: a loose file in src/features; put it inside a feature.`);
      continue;
    }
    for (const entry of entries(join(featuresFolder, feature.name))) {
      const allowed = entry.isDirectory()
        ? FEATURE_FOLDERS.includes(entry.name)
        : FEATURE_FILES.includes(entry.name);
      if (!allowed) {
        problems.push(`${where}/${entry.name}: not in the feature template. ${TEMPLATE}`);
      }
    }
  }
  return problems;
}

/** Every file or folder below the kebab roots whose name is not kebab-case. */
export function namingProblems(root) {
  const problems = [];
  const walk = (folder) => {
    for (const entry of entries(folder)) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (!KEBAB.test(entry.name)) {
        problems.push(`${relative(root, path)}: name it in kebab-case (lower-case words joined by hyphens).`);
      }
      if (entry.isDirectory()) walk(path);
    }
  };
  for (const kebabRoot of KEBAB_ROOTS) walk(join(root, kebabRoot));
  return problems;
}

/** What `file` runs on load: imports, re-exports and import() calls, less those of types only (erased). */
function valueImports(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const found = [];
  const add = (specifier) => {
    if (specifier && ts.isStringLiteral(specifier)) {
      found.push({
        specifier: specifier.text,
        line: source.getLineAndCharacterOfPosition(specifier.getStart(source)).line + 1,
      });
    }
  };
  const allTypes = (elements) => elements.length > 0 && elements.every((element) => element.isTypeOnly);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const onlyTypes =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? allTypes(clause.namedBindings.elements)
          : false);
      if (!onlyTypes) add(statement.moduleSpecifier);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const onlyTypes =
        statement.isTypeOnly ||
        (statement.exportClause && ts.isNamedExports(statement.exportClause)
          ? allTypes(statement.exportClause.elements)
          : false);
      if (!onlyTypes) add(statement.moduleSpecifier);
    }
  }
  // import() anywhere in the file; the text test spares walking files that have none.
  if (/\bimport\s*\(/.test(text)) {
    const visit = (node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
        add(node.arguments[0]);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function readProject(configPath) {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`Cannot read ${configPath}`);
  return parsed;
}

/**
 * Every file of the projects tsconfig.json references → the project files it imports for their values,
 * resolved as tsc resolves them (paths aliases, extensions, index files). Packages cannot import our
 * files back, so imports that leave the projects are left out.
 */
export function importGraph(root) {
  const solution = readProject(join(root, 'tsconfig.json'));
  const projects = (solution.projectReferences ?? []).map((reference) =>
    readProject(ts.resolveProjectReferencePath(reference)),
  );
  const files = new Set(projects.flatMap((project) => project.fileNames));
  const graph = new Map();
  for (const project of projects) {
    const cache = ts.createModuleResolutionCache(root, (name) => name, project.options);
    for (const file of project.fileNames) {
      const edges = graph.get(file) ?? [];
      graph.set(file, edges);
      for (const { specifier, line } of valueImports(file, readFileSync(file, 'utf8'))) {
        const { resolvedModule } = ts.resolveModuleName(specifier, file, project.options, ts.sys, cache);
        const to = resolvedModule?.resolvedFileName;
        if (to && to !== file && files.has(to) && !edges.some((edge) => edge.to === to)) {
          edges.push({ to, specifier, line });
        }
      }
    }
  }
  return graph;
}

/** Each group of files that import each other in a circle (Tarjan's strongly connected components). */
function tangles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const connect = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    onStack.add(file);
    for (const { to } of graph.get(file) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file), index.get(to)));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return groups;
}

/** The shortest way from `start` back to itself inside `group`, as the imports that make it. */
function shortestCycle(graph, group, start) {
  const inGroup = new Set(group);
  const cameBy = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const edge of graph.get(file) ?? []) {
      if (!inGroup.has(edge.to) || cameBy.has(edge.to)) continue;
      cameBy.set(edge.to, { from: file, edge });
      if (edge.to === start) {
        const path = [];
        for (let at = start; path.length === 0 || at !== start; at = cameBy.get(at).from)
          path.unshift(cameBy.get(at));
        return path;
      }
      queue.push(edge.to);
    }
  }
  return [];
}

/** One problem per import cycle: modules in a cycle can run before what they import has initialised. */
export function cycleProblems(root) {
  const graph = importGraph(root);
  return tangles(graph).map((group) => {
    const name = (file) => relative(root, file);
    const steps = shortestCycle(graph, group, group[0]).map(
      ({ from, edge }) => `${name(from)}:${edge.line} imports '${edge.specifier}'`,
    );
    const others =
      group.length > steps.length
        ? ` (${group.length} files in this tangle: ${group.map(name).join(', ')})`
        : '';
    return (
      `${steps.join(' → ')} → back to ${name(group[0])}: an import cycle${others}. ` +
      'Move what both sides need into a module of its own, or import only types (import type).'
    );
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const problems = [...featureProblems(root), ...namingProblems(root), ...cycleProblems(root)];
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} structure problem(s).`);
    process.exit(1);
  }
  console.log('Structure: every feature fits the template; every name is kebab-case; no import cycle.');
}
