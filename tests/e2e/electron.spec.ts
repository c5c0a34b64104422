import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { electronBinary } from '../../scripts/lib/electronBinary';

/** The desktop host: same renderer, same contract, through the preload instead of HTTP. */
const exe = electronBinary();

test('the desktop app opens the login page and answers app.info through the preload', async () => {
  test.skip(!exe, 'no Electron binary on this machine (its download host is unreachable here); `npm run desktop` fetches it where the network allows');
  const app = await electron.launch({
    executablePath: exe!,
    args: [path.resolve(import.meta.dirname, '../..'), '--no-sandbox'],
    env: { ...process.env, SERVER_URL: `http://127.0.0.1:${process.env.E2E_SERVER_PORT ?? 8691}`, WORKSTATION_DATA_DIR: path.resolve('.run/e2e-electron') },
  });
  try {
    const window = await app.firstWindow();
    await expect(window.getByTestId('login-submit')).toBeVisible();
    const info = await window.evaluate(() => (window as unknown as { workstation: { invoke(m: string, a: unknown): Promise<unknown> } }).workstation.invoke('app.info', {}));
    expect(info).toMatchObject({ ok: true, result: { host: 'electron' } });
  } finally {
    await app.close();
  }
});
