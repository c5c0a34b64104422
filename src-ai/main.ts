/**
 * `npm run ai`: the built-in model service on its own. Reads AI_PORT (default 7410; 0 = any),
 * AI_HOST (default 127.0.0.1) and AI_SERVICE_KEY (required: the key the team server registers the
 * service with), prints the URL, stops on SIGINT/SIGTERM. The limits of teams' uploaded models
 * (docs/ai-models.md): AI_ONNX_RUN_LIMIT_MS (CPU ms per inference, default 2000),
 * AI_ONNX_LOAD_LIMIT_MS (CPU ms to load and check one, default 10000), AI_SAM_ENCODE_LIMIT_MS (CPU
 * ms a team's own SAM encoder may take on one picture, default 8000), AI_TEAM_PROCESSES (team
 * model processes at once, default 3). AI_SAM_THREADS: onnxruntime threads of SAM's image encoder
 * (default 1, for 2 cores), AI_SAM_NICE: its thread's niceness (default 0; up to 19)
 * (docs/ai-models.md "Segmenter: SAM").
 */
import { startModelService } from './service';

const key = process.env.AI_SERVICE_KEY;
if (!key) {
  console.error('AI_SERVICE_KEY is not set: the team server and this service must share a key');
  process.exit(1);
}
const port = Number(process.env.AI_PORT ?? 7410);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`AI_PORT must be a port number, not "${process.env.AI_PORT}"`);
  process.exit(1);
}

/** A positive whole number from the environment, or undefined (the default) when unset. */
function positive(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`${name} must be a whole number of at least 1, not "${raw}"`);
    process.exit(1);
  }
  return n;
}

const teamModels = {
  runLimitMs: positive('AI_ONNX_RUN_LIMIT_MS'),
  loadLimitMs: positive('AI_ONNX_LOAD_LIMIT_MS'),
  encodeLimitMs: positive('AI_SAM_ENCODE_LIMIT_MS'),
  processes: positive('AI_TEAM_PROCESSES'),
};
const niceText = process.env.AI_SAM_NICE;
if (niceText !== undefined && niceText !== '' && !/^(1?[0-9])$/.test(niceText)) {
  console.error(`AI_SAM_NICE must be a whole number from 0 to 19, not "${niceText}"`);
  process.exit(1);
}
const sam = { encoderThreads: positive('AI_SAM_THREADS'), ...(niceText ? { encoderNice: Number(niceText) } : {}) };
const service = await startModelService({ port, host: process.env.AI_HOST || '127.0.0.1', key, teamModels, sam, log: (m) => console.error(`[ai] ${m}`) });
console.log(`model service listening at ${service.url}`);

const stop = () => {
  void service.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
// Started by `npm start` (AI_EXIT_WITH_PARENT=1): a parent that dies without a word closes our stdin, and we go too.
if (process.env.AI_EXIT_WITH_PARENT === '1') {
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}
process.once('SIGTERM', stop);
