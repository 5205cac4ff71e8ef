import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/**
 * `clima/no-import-cycle`: fails when a module's relative imports lead back to it (type-only imports count:
 * a cycle over a type is still two modules that cannot be read one without the other). The file being linted
 * is read from its syntax tree; the modules it reaches are read from their text, once per run.
 */
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'];
const STATIC_IMPORT = /^\s*(?:import|export)\b[^;]*?\bfrom\s*['"](\.[^'"]+)['"]|^\s*import\s*['"](\.[^'"]+)['"]/gm;

const resolved = new Map();
const edges = new Map();

function resolveFrom(file, specifier) {
  const key = `${file}\0${specifier}`;
  if (resolved.has(key)) return resolved.get(key);
  const base = resolve(dirname(file), specifier);
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => resolve(base, `index${e}`))];
  // a compiled specifier ('./x.js') names its source ('./x.ts')
  if (/\.[cm]?js$/.test(base)) candidates.push(...['.ts', '.tsx', '.mts', '.cts'].map((e) => base.replace(/\.[cm]?js$/, e)));
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
  resolved.set(key, found);
  return found;
}

function importsOf(file) {
  let out = edges.get(file);
  if (out) return out;
  out = [];
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '';
  }
  for (const m of text.matchAll(STATIC_IMPORT)) {
    const target = resolveFrom(file, m[1] ?? m[2]);
    if (target) out.push(target);
  }
  edges.set(file, out);
  return out;
}

/** The shortest chain from `start` back to `file`, or null. */
function pathBack(start, file) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const at = queue.shift();
    if (at === file) {
      const chain = [];
      for (let n = at; n !== null; n = previous.get(n)) chain.unshift(n);
      return chain;
    }
    for (const next of importsOf(at)) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Relative imports must not form a cycle' },
    schema: [],
    messages: { cycle: 'Ciclo de importação: {{chain}}' },
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    const check = (node) => {
      const specifier = node.source && typeof node.source.value === 'string' ? node.source.value : null;
      if (!specifier || !specifier.startsWith('.')) return;
      const target = resolveFrom(file, specifier);
      if (!target) return;
      const chain = pathBack(target, file);
      if (chain) context.report({ node: node.source, messageId: 'cycle', data: { chain: [file, ...chain].map((f) => relative(root, f)).join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'no-import-cycle': rule } };
