import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18080);
/** The second stack, with the daily NSE pipeline on (e2e/daily.e2e.ts), and its control endpoint. */
const dailyPort = Number(process.env.E2E_DAILY_PORT ?? 18081);
const dailyControlPort = Number(process.env.E2E_DAILY_CONTROL_PORT ?? 18082);

/** End-to-end journeys in Debian's Chromium against the whole stack (no browser download). */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json']],
  outputDir: '../.test-results/playwright',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: 'node scripts/e2e-stack.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${port}/readyz`,
      env: { PORT: String(port) },
      reuseExistingServer: false,
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node scripts/e2e-daily-stack.mjs',
      cwd: '..',
      url: `http://127.0.0.1:${dailyPort}/readyz`,
      env: { PORT: String(dailyPort), E2E_DAILY_CONTROL_PORT: String(dailyControlPort) },
      reuseExistingServer: false,
      timeout: 180_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
