import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds dist/ (compiled src/, the dashboard's files) when missing or out of date.
    globalSetup: ['test/global-setup.ts'],
    // Integration tests start real servers, DuckDB and anvil; 2-core CI machines are slow.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
  },
});
