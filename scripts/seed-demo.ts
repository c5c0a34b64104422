/** `npm run seed:demo`: creates the demo team in the configured database (idempotent). */
import { loadConfig } from '../src-server/config';
import { buildApp } from '../src-server/app';
import { seedDemoTeam, DEMO_TEAM_NAME } from '../src-server/seed/demoTeam';

const app = await buildApp({ config: loadConfig() });
try {
  const accounts = await seedDemoTeam(app.ctx);
  console.log(`demo team ${DEMO_TEAM_NAME}`);
  for (const a of accounts) console.log(`  ${a.role.padEnd(10)} mobile ${a.mobile}   password ${a.password}`);
} finally {
  await app.close();
}
