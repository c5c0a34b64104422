/** `npm run seed:demo`: creates the demo team and its project in the configured database and object store (idempotent). */
import { loadConfig } from '../src-server/config';
import { buildApp } from '../src-server/app';
import { seedDemoTeam } from '../src-server/seed/demoTeam';
import { demoLanguageOf } from '../src-server/seed/demoContent';
import { demoSummary } from './lib/demoSummary';

const app = await buildApp({ config: loadConfig() });
try {
  const seed = await seedDemoTeam(app, { language: demoLanguageOf(process.env.DEMO_LANGUAGE) });
  for (const line of demoSummary(seed)) console.log(line);
} finally {
  await app.close();
}
