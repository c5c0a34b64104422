import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_TEST_ARGS } from './tests/support/chromiumArgs';

/**
 * End-to-end: Debian's Chromium (Playwright's own browser download cannot work here) against
 * the real team server and the browser host, started fresh for the run by `npm start`'s script.
 */
const SERVER_PORT = Number(process.env.E2E_SERVER_PORT ?? 8691);
const WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 8692);
// Folders of their own per port, so two runs on one machine (a full suite and one spec) never
// delete each other's data.
const SUFFIX = process.env.E2E_SERVER_PORT ? `-${SERVER_PORT}` : '';
export const E2E_DATA_DIR = path.resolve(`.run/e2e-data${SUFFIX}`);
const E2E_WORKSTATION_DIR = path.resolve(`.run/e2e-workstation${SUFFIX}`);
/**
 * The browser host's secret for the run (WORKSTATION_WEB_TOKEN), fixed so every page can hold
 * it: each context starts with it in the host origin's localStorage, where the page keeps what
 * the printed address (`/?token=...`) hands it. tests/e2e/host-access.spec.ts opens pages without it.
 */
export const E2E_WORKSTATION_SECRET = process.env.E2E_WORKSTATION_SECRET ?? 'e2e-workstation-secret-of-this-run-0123456789';
export const E2E_WORKSTATION_URL = `http://127.0.0.1:${WEB_PORT}`;


export default defineConfig({
  testDir: 'tests/e2e',
  // The screenshot tour (every page in both languages, for people to look at) is its own command,
  // `npm run tour`: the layout walk already opens the same pages in both languages in every run,
  // and the tour's minute is better spent under the 30-minute budget (docs/testing.md).
  testIgnore: process.env.E2E_TOUR === '1' ? [] : ['**/screenshot-tour.spec.ts'],
  // Specs named *.last.spec.ts change the demo team's shared data (the demo task pre-annotated,
  // say), which the other specs start from: they run after every other spec. Run one alone with
  // `--no-deps` (docs/testing.md).
  projects: [
    { name: 'main', testIgnore: [...(process.env.E2E_TOUR === '1' ? [] : ['**/screenshot-tour.spec.ts']), '**/*.last.spec.ts'] },
    { name: 'last', testMatch: '**/*.last.spec.ts', dependencies: ['main'] },
  ],
  outputDir: 'test-results/e2e',
  // A multi-user story takes 30-45 s on 2 idle cores and half as long again on a loaded machine;
  // a hang is still caught by each step's own 10 s expectation.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  reporter: [['list']],
  use: {
    baseURL: E2E_WORKSTATION_URL,
    storageState: { cookies: [], origins: [{ origin: E2E_WORKSTATION_URL, localStorage: [{ name: 'workstation.hostSecret', value: E2E_WORKSTATION_SECRET }] }] },
    screenshot: 'only-on-failure',
    // Traces are off unless asked for (E2E_TRACE=1, or `--trace on` for one spec): recording one
    // for every test, even to keep only the failures', screencasts each page and cost a quarter of
    // the run's wall time on 2 cores (docs/testing.md). A failure still leaves its screenshot and
    // the page's accessibility snapshot (error-context.md).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    // As a user who asked their system for reduced motion: the workstation then opens dialogs
    // without antd's zoom (src/app/usePrefersReducedMotion.ts), so a click is never aimed at a
    // button still growing into place. Under load, two animation frames can show the same box
    // mid-zoom, Playwright takes it for stable, and the click lands beside the button (the story
    // test's "Look up" landed on the code field). tests/e2e/reduced-motion.spec.ts checks both ways.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...CHROMIUM_TEST_ARGS, '--headless', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
  },
  // Exactly what `npm start` runs (server + demo team + browser host), on test ports and a
  // throwaway data dir, with the browser host forced so a present Electron binary changes nothing.
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" "${E2E_WORKSTATION_DIR}" && node_modules/.bin/tsx scripts/start.ts`,
    url: `http://127.0.0.1:${WEB_PORT}/`,
    env: {
      PORT: String(SERVER_PORT),
      WEB_PORT: String(WEB_PORT),
      DATA_DIR: E2E_DATA_DIR,
      WORKSTATION_DATA_DIR: E2E_WORKSTATION_DIR,
      WORKSTATION_HOST: 'web',
      // The tests register dozens of accounts, each "from" its own address (X-Forwarded-For,
      // tests/e2e/pages/teamSetup.ts), as real users would: one address may have only 20 codes
      // sent an hour (src-server/auth/limits.ts). Trusts the one hop of loopback.
      TRUST_PROXY: '1',
      WORKSTATION_WEB_TOKEN: E2E_WORKSTATION_SECRET,
      // As behind a TLS proxy on the same machine: a request's X-Forwarded-For says whether its
      // page runs on another computer, so tests/e2e/remote-browser.spec.ts can be that page
      // without a second machine (docs/browser-host-remote.md). Pages that send none stay local.
      WEB_TRUST_PROXY: '1',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      // Objects on the local disk as `npm start` keeps them by default, whatever S3 settings the
      // shell that runs the tests has (npm test exports the test gateway's for the suites).
      S3_ENDPOINT: '',
    },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
