import type { FastifyInstance } from 'fastify';
import { room } from '../../src-shared/api/realtime';
import type { ServerContext } from '../context';

/**
 * Announces every successful change made through a team-scoped call (members, roles, groups,
 * invitation codes and invitations, vendors, settings) to the team's room as `team.changed`,
 * so every open workstation of the team refreshes what it shows of the team. One hook instead
 * of a publish in each handler: a new team call is announced without anyone remembering to.
 */
export function installTeamChangeEvents(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onResponse', async (req, reply) => {
    const rule = req.routeOptions.config.access;
    if (!rule || (rule.scope !== 'team' && rule.scope !== 'currentTeam')) return;
    // Reads sent as POST (lists, reports) change nothing; announcing them would make every
    // client that refetches on the event read again, and announce again, for ever.
    if (req.method === 'GET' || req.routeOptions.config.readOnly || reply.statusCode !== 200 || !req.access) return;
    const teamId = req.access.teamId;
    await ctx.realtime.publish(room('team', teamId), 'team.changed', { teamId, call: `${req.method} ${req.routeOptions.url ?? ''}` }).catch((err: unknown) => req.log.warn({ err }, 'team.changed not published'));
  });
}
