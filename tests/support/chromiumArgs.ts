/**
 * Chromium 156's new headless mode builds each window's address-bar popups (two WebUI renderers,
 * "top chrome") and keeps them busy: 0.19 of a core for each idle browser and 0.8 s of CPU for
 * each new context, against 0.02 and 0.5 s without them (docs/testing.md). A page under test has
 * no address bar, so they go. Chromium keeps only the last --disable-features, so this one repeats
 * the features Playwright 1.65.1 disables itself (chromiumSwitches.ts); check them on an upgrade.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
];
const NO_BROWSER_UI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'PreloadTopChromeWebUI'];

/** What every test's Chromium starts with: no sandbox (root in a container), no GPU, no browser UI. */
export const CHROMIUM_TEST_ARGS = ['--no-sandbox', '--disable-gpu', `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_BROWSER_UI].join(',')}`];
