/**
 * `npm start`: the team server with a seeded demo team, plus the workstation: Electron when
 * its binary is present, otherwise the browser host, whose URL is printed.
 */
import path from 'node:path';
import { spawn } from 'node:child_process';
import { startServer } from '../src-server/server';
import { seedDemoTeam } from '../src-server/seed/demoTeam';
import { demoLanguageOf } from '../src-server/seed/demoContent';
import { nodeHostEnv, startNodeHost } from '../src-main/hosts/node';
import { workstationConfigFromEnv } from '../src-main/config';
import { VERSION } from '../src-server/version';
import { ensureBuilt } from './lib/ensureBuilt';
import { electronBinary } from './lib/electronBinary';
import { startModelServiceProcess } from './lib/modelService';
import { demoSummary } from './lib/demoSummary';
import { closeCutting, Stopper } from './lib/stopper';

const repo = path.join(import.meta.dirname, '..');
// From the first line: a Ctrl+C while the demo is seeded stops what has started so far.
const stopper = new Stopper();

async function main() {
  ensureBuilt();
  // AI_SERVICE_URL points at a model service of your own; otherwise the built-in one starts beside the server.
  const ai = process.env.AI_SERVICE_URL ? null : await startModelServiceProcess(repo);
  if (ai) stopper.addChild('model service', ai.child);
  const { app, address, config } = await startServer({ ...process.env, ...(ai?.env ?? {}) });
  stopper.add('team server', () => closeCutting(app.server, () => app.close()));
  // The demo team, and its project with photos, ontology and a task, through the server's own API.
  const seed = await seedDemoTeam(app, { language: demoLanguageOf(process.env.DEMO_LANGUAGE) });
  const serverUrl = address;
  console.log(`\nteam server   ${serverUrl}/core   (${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, data in ${config.dataDir})`);
  for (const line of demoSummary(seed)) console.log(line);
  console.log(`SMS codes     ${path.join(config.dataDir, 'sms-outbox.jsonl')}`);
  console.log(`model service ${config.ai.serviceUrl ?? 'none'}${ai ? ' (built-in: detector, pose, segmenter, tracker)' : ''}`);

  const wsEnv = { ...process.env, SERVER_URL: serverUrl, WORKSTATION_DATA_DIR: process.env.WORKSTATION_DATA_DIR ?? path.join(config.dataDir, 'workstation') };
  // WORKSTATION_HOST=web forces the browser host even where Electron is installed.
  const exe = process.env.WORKSTATION_HOST === 'web' ? null : electronBinary();
  if (exe) {
    console.log('\nopening the desktop app (Electron) ...');
    const child = spawn(exe, [repo], { stdio: 'inherit', env: wsEnv });
    stopper.addChild('desktop app', child);
    // Closing the app's window stops the rest.
    child.on('exit', (code) => void stopper.stop(code ?? 0));
    return;
  }
  const host = await startNodeHost({
    config: workstationConfigFromEnv('node', VERSION, wsEnv),
    rendererDir: path.join(repo, 'out/renderer'),
    ...nodeHostEnv(),
  });
  stopper.add('workstation', () => closeCutting(host.app.server, () => host.close()));
  console.log(`\nworkstation   ${host.openUrl}`);
  console.log('              (browser host: no Electron binary here; `npm run desktop` fetches it)');
  console.log('open that address in a browser (it carries the access key of this run) and log in with a demo account.');
  console.log(`the address is also in ${host.addressFile}. Ctrl+C stops everything.`);
}

main().catch((err: unknown) => {
  // A stop under way ends the start's steps with errors of its own: the stop speaks for itself.
  if (stopper.isStopping) return;
  console.error('start failed:', err instanceof Error ? err.message : err);
  void stopper.stop(1);
});
