/** Every jest spec of the platform: unit specs beside the code, integration specs under each service's test/. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const esmOnly = ['@nestjs', 'openid-client', 'oauth4webapi', 'jose', 'oidc-provider', 'file-type', 'strtok3', 'token-types', 'uint8array-extras', '@tokenizer', 'peek-readable', 'archiver', 'zip-stream', 'compress-commons', 'crc32-stream', 'is-stream', 'pdfjs-dist'];

module.exports = {
  testEnvironment: 'node',
  rootDir: __dirname,
  transform: { '^.+\\.(t|j|mj|cj)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^@clima/common$': '<rootDir>/packages/common/src/index.ts',
    '^@clima/contract$': '<rootDir>/packages/contract/src/index.ts',
    '^@clima/contract/(.+)$': '<rootDir>/packages/contract/src/$1.ts',
    '^@clima/storage$': '<rootDir>/packages/storage/src/index.ts',
  },
  testMatch: ['<rootDir>/packages/*/src/**/*.spec.ts', '<rootDir>/services/*/src/**/*.spec.ts', '<rootDir>/services/*/test/**/*.spec.ts', '<rootDir>/gateway/test/**/*.spec.ts', '<rootDir>/infra/test/**/*.spec.ts', '<rootDir>/tests/**/*.spec.ts'],
  globalSetup: '<rootDir>/infra/test/global-setup.ts',
  globalTeardown: '<rootDir>/infra/test/global-teardown.ts',
  setupFiles: ['<rootDir>/infra/test/setup-env.ts'],
  testTimeout: 30000,
  // three at once on 2 cores: most suites wait on the platforms they start (two workers kept the cores about
  // 55 % busy); three kept them 88 % busy and ended jest in 435 s (28/11/2026)
  maxWorkers: 3,
};
