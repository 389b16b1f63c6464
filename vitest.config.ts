import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside React's server build; under vitest it is a no-op.
      "server-only": path.resolve(import.meta.dirname, "tests/setup/empty.ts"),
    },
  },
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", ".next/**", "tests/e2e/**", "data/**", ".node/**"],
    // With TEST_DATABASE_URL: one database migrated per run, copied for each test file (tests/setup/database.ts).
    globalSetup: ["tests/setup/database-template.ts"],
    setupFiles: ["tests/setup/database.ts"],
    pool: "forks",
    // Vitest's default is one worker less than the cores: one worker on the 2-core CI machines, where a third of each
    // file's time is Postgres copying its database, not this process's CPU. Two at least keep both cores busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Tests call the API anonymously from one address far faster than any reader: the anonymous read limits
    // (server/http/anonymous-reads.ts) are off except where a test turns them on (anonymous-reads.test.ts).
    env: { NODE_ENV: "test", AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789", RATE_LIMIT_API_READ: "off" },
  },
});
