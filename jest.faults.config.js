/** `npm run test:faults`: the fault suite (kills services, stops its own PostgreSQL and Redis); slow, one at a time. */
const base = require('./jest.config');

module.exports = {
  ...base,
  testMatch: ['<rootDir>/tests/**/*.faults.ts'],
  testTimeout: 600000,
  maxWorkers: 1,
};
