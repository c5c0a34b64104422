/**
 * The built-in model service as `npm start` runs it: its own process (inference never shares
 * the team server's event loop) at a lower CPU priority, on a free port, with a key made for this run. Answers once it
 * listens, with the env the team server reads (AI_SERVICE_URL, AI_SERVICE_KEY).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';

export async function startModelServiceProcess(repo: string): Promise<{ env: { AI_SERVICE_URL: string; AI_SERVICE_KEY: string }; child: ChildProcess }> {
  const key = crypto.randomBytes(24).toString('hex');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'src-ai/main.ts')], {
    env: { ...process.env, AI_PORT: process.env.AI_PORT ?? '0', AI_SERVICE_KEY: key, AI_EXIT_WITH_PARENT: '1' },
    // Its stdin is a pipe from us: when we die, however, it closes and the service stops.
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  // The lowest priority (nice 19): a pre-annotation job uses what the people working leave idle.
  // Measured against nice 10 (docs/BENCHMARKS.md): the same images per second on a quiet machine,
  // and the API's p95 during a job within 1.2x of idle rather than 1.7x.
  try {
    if (child.pid) os.setPriority(child.pid, Number(process.env.AI_NICE ?? 19));
  } catch {
    // Not allowed here: the job then competes as an equal.
  }
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the model service did not start within 120 s')), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the model service stopped at start (exit ${code})`));
    });
  });
  return { env: { AI_SERVICE_URL: url, AI_SERVICE_KEY: key }, child };
}
