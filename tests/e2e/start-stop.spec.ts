import { expect, test, type Browser, type Page } from '@playwright/test';
import { accepts, running, StartedProduct } from '../support/startedProduct';

/**
 * Ctrl+C stops `npm start` while a browser tab is open on it (issue 31). Before, the model
 * service went and the ports closed, but the main process stayed up for as long as the tab kept
 * its socket to the team server open (more than 50 s, until the tab was closed). Now every
 * process of it has exited, cleanly (exit code 0, not the forced exit after the stop's limit),
 * within seconds of SIGINT (Ctrl+C) or SIGTERM (`kill`, a service manager), with the tab still
 * open. Each signal gets a product of its own, started side by side to share the wait.
 */
const STOPPED_WITHIN_MS = 10_000;

/** A tab logged in as the demo annotator, with its sockets open to the team server and to the browser host. */
async function openTab(browser: Browser, product: StartedProduct): Promise<Page> {
  const page = await browser.newPage();
  const sockets = new Set<string>();
  page.on('websocket', (ws) => {
    const port = Number(new URL(ws.url()).port);
    ws.on('framereceived', () => sockets.add(port === product.ports.server ? 'team server' : port === product.ports.web ? 'browser host' : 'other'));
  });
  await page.goto(product.openUrl);
  await page.getByTestId('mobile').fill('13800000002');
  await page.getByTestId('password').fill('demo12345');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-submit')).toHaveCount(0);
  await expect.poll(() => [...sockets].sort(), { message: 'the tab talks over its sockets' }).toEqual(expect.arrayContaining(['browser host', 'team server']));
  return page;
}

async function expectStoppedBy(signal: NodeJS.Signals, product: StartedProduct): Promise<number> {
  const processes = product.processes();
  // The start process, the built-in model service, and whatever helpers they run.
  expect(processes.length, product.printed).toBeGreaterThanOrEqual(2);
  const sent = Date.now();
  product.child.kill(signal);
  await expect
    .poll(() => processes.filter(running), { message: `every process of npm start gone after ${signal}`, timeout: STOPPED_WITHIN_MS, intervals: [100] })
    .toEqual([]);
  const took = Date.now() - sent;
  expect(took).toBeLessThan(STOPPED_WITHIN_MS);
  const code = await product.exited();
  expect(code, `npm start stopped by ${signal} exits cleanly:\n${product.printed}`).toBe(0);
  for (const port of product.listening) expect(await accepts(port), `port ${port} closed`).toBe(false);
  return took;
}

/** Whatever a failed or timed-out test left running goes with the spec (a timeout skips a test's own `finally`). */
const products: StartedProduct[] = [];
test.afterAll(() => {
  for (const product of products.splice(0)) product.kill();
});

test('Ctrl+C (SIGINT) and SIGTERM each stop npm start within seconds while a logged-in tab keeps its sockets open', async ({ browser }) => {
  test.setTimeout(180_000);
  const started = await Promise.allSettled([StartedProduct.start(), StartedProduct.start()]);
  products.push(...started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])));
  for (const s of started) if (s.status === 'rejected') throw s.reason;
  const [byInt, byTerm] = products as [StartedProduct, StartedProduct];
  const pages = await Promise.all([openTab(browser, byInt), openTab(browser, byTerm)]);
  const took = [await expectStoppedBy('SIGINT', byInt), await expectStoppedBy('SIGTERM', byTerm)];
  console.log(`npm start stopped: SIGINT ${took[0]} ms, SIGTERM ${took[1]} ms`);
  // The tabs were open all along.
  for (const page of pages) expect(page.isClosed()).toBe(false);
});
