/**
 * The container step's specs (infra/containers/test): they drive the docker-compose stack that
 * `npm run containers:up` started (run by infra/containers/run.cjs, `npm test -- containers`), one at a time.
 */
const base = require('./jest.config.js');

module.exports = {
  testEnvironment: 'node',
  rootDir: __dirname,
  transform: base.transform,
  transformIgnorePatterns: base.transformIgnorePatterns,
  moduleNameMapper: base.moduleNameMapper,
  testMatch: ['<rootDir>/infra/containers/test/**/*.spec.ts'],
  testTimeout: 300_000,
  maxWorkers: 1,
};
