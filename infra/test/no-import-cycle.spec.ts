import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The lint rule that keeps the code free of import cycles (infra/eslint/no-import-cycle.mjs). */
describe('clima/no-import-cycle', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clima-cycle-'));
    // a → b → c → a over a type, as packages/common had; d imports a without being in the cycle
    await writeFile(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    await writeFile(join(dir, 'b.ts'), "import type { C } from './c';\nexport const b = (c?: C) => c;\n");
    await writeFile(join(dir, 'c.ts'), "import { a } from './a';\nexport type C = ReturnType<typeof a>;\n");
    await writeFile(join(dir, 'd.ts'), "import { a } from './a';\nexport const d = a;\n");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Runs the ESLint command line on the folder with only this rule, as `npm run lint` would. */
  function lint(): Map<string, string[]> {
    const root = resolve(__dirname, '../..');
    const config = join(dir, 'eslint.config.mjs');
    writeFileSync(
      config,
      [
        `import tseslint from ${JSON.stringify(join(root, 'node_modules/typescript-eslint/dist/index.js'))};`,
        `import clima from ${JSON.stringify(join(root, 'infra/eslint/no-import-cycle.mjs'))};`,
        "export default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { clima }, rules: { 'clima/no-import-cycle': 'error' } }];",
      ].join('\n'),
    );
    const run = spawnSync(process.execPath, [join(root, 'node_modules/eslint/bin/eslint.js'), '-c', config, '--format', 'json', '.'], { cwd: dir, encoding: 'utf8' });
    const results = JSON.parse(run.stdout) as { filePath: string; messages: { message: string }[] }[];
    return new Map(results.map((r) => [r.filePath.slice(dir.length + 1), r.messages.map((m) => m.message)]));
  }

  it('reports every module of a cycle, type-only imports included, and nothing outside it', () => {
    const found = lint();
    expect(found.get('a.ts')).toEqual(['Ciclo de importação: a.ts → b.ts → c.ts → a.ts']);
    expect(found.get('b.ts')).toEqual(['Ciclo de importação: b.ts → c.ts → a.ts → b.ts']);
    expect(found.get('c.ts')).toEqual(['Ciclo de importação: c.ts → a.ts → b.ts → c.ts']);
    expect(found.get('d.ts')).toEqual([]);
  });
});
