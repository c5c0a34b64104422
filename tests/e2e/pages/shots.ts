import type { Page } from '@playwright/test';

/**
 * A screenshot kept for people to look at, taken only when asked (E2E_SHOTS=1, which
 * `npm run tour` sets): in the test run each one cost the browser a PNG encode of the page,
 * 0.3 to 1 s of CPU for a full page (docs/testing.md), and no test reads them. A failure still
 * leaves its own screenshot (playwright.config.ts).
 */
export const SHOTS = process.env.E2E_SHOTS === '1';

export async function keepShot(page: Page, options: NonNullable<Parameters<Page['screenshot']>[0]>): Promise<void> {
  if (SHOTS) await page.screenshot(options);
}
