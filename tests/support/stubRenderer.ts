import fs from 'node:fs';
import path from 'node:path';

/** The title the stub page carries, for tests that check the host serves it. */
export const STUB_RENDERER_TITLE = '<title>workstation</title>';

/**
 * A stand-in for the built renderer (`<dir>/renderer/index.html`): the browser host refuses to
 * start without one, and tests that drive it over HTTP need no real page. Answers the folder.
 */
export function stubRendererIn(dir: string): string {
  const rendererDir = path.join(dir, 'renderer');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), `<!doctype html>${STUB_RENDERER_TITLE}`);
  return rendererDir;
}
