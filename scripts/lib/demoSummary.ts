import { DEMO_TEAM_NAME, type DemoSeed } from '../../src-server/seed/demoTeam';

/** What `npm start` and `npm run seed:demo` print about the demo team: who to log in as, and what to do first. */
export function demoSummary(seed: DemoSeed): string[] {
  const lines = [`demo team     ${DEMO_TEAM_NAME}`];
  for (const a of seed.accounts) lines.push(`  ${a.role.padEnd(10)} mobile ${a.mobile}   password ${a.password}`);
  if (seed.project.state === 'filled') {
    lines.push(`demo project  ${seed.project.projectName}: task "${seed.project.taskName}" is waiting for the annotator`);
    lines.push('              log in as the annotator -> My work -> Start, press 1 and click twice to draw a box');
  } else if (seed.project.state === 'kept') {
    lines.push('demo project  seeded on an earlier start; left as the team has it');
  }
  return lines;
}
