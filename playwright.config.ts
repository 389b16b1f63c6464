import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run against the production build served by scripts/e2e-server.ts on its own database
 * (a fresh Postgres database when TEST_DATABASE_URL is set, otherwise a temporary PGlite), seeded with demo content.
 * Chromium is the system one; Playwright never downloads a browser here. The tests prefer Chromium's headless shell
 * (Debian package `chromium-headless-shell`, which .ci/run installs): it renders the same pages with half the browser
 * CPU of the full `chromium`, which a 2-core CI machine feels as minutes. CHROMIUM_PATH picks another build
 * (`/usr/bin/chromium` for the full browser); without the shell installed the full one is used.
 */
const PORT = Number(process.env.E2E_PORT || 3100);
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const executablePath = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const launchOptions = {
  executablePath,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // CI machines run two workers, the server and the fault tests' extra processes on two cores: a flow that takes 10 s
  // here may take 40 s there without anything being wrong, so CI gives each test twice the time.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions } },
    { name: "phone", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions } },
  ],
  webServer: {
    command: "npx tsx scripts/e2e-server.ts",
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
    // Warnings and errors only: a request line for each of the suite's ~100,000 requests cost the server and the runner
    // CPU and filled CI's output (tests that read the logs start servers of their own).
    env: { E2E_PORT: String(PORT), LOG_LEVEL: process.env.LOG_LEVEL || "warn" },
  },
});
