/**
 * `npm run desktop`: the Electron app against SERVER_URL (default http://127.0.0.1:8610).
 * Fetches the Electron binary on first use, and says plainly when it cannot.
 */
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ensureBuilt } from './lib/ensureBuilt';
import { electronBinary, fetchElectronBinary } from './lib/electronBinary';

let exe = electronBinary();
if (!exe) {
  console.log('the Electron binary is not here yet: downloading it (first use only) ...');
  const got = fetchElectronBinary();
  if ('error' in got) {
    console.error(
      `could not download the Electron binary: ${got.error}\n` +
        'This machine cannot reach Electron\'s download host. Everything else works without it:\n' +
        '  npm run web     serves the same workstation to your browser\n' +
        '  npm start       server + demo team + browser host',
    );
    process.exit(1);
  }
  exe = got.exe;
}
ensureBuilt();
const child = spawn(exe, [path.join(import.meta.dirname, '..')], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
