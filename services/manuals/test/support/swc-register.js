/* Lets a child process run the service's TypeScript sources directly: the PDF reader's child process when the specs run the service from src. */
const Module = require('node:module');
const path = require('node:path');
const fs = require('node:fs');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../../..');
const aliases = {
  '@clima/common': path.join(root, 'packages/common/src/index.ts'),
  '@clima/contract': path.join(root, 'packages/contract/src/index.ts'),
};
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  return resolve.call(this, aliases[request] ?? request, parent, ...rest);
};
require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    // import() stays an import(): pdf.js is an ES module
    module: { type: 'commonjs', ignoreDynamic: true },
  });
  module._compile(code, filename);
};
