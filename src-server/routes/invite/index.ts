import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { inviteCodeRoutes } from './codes';
import { inviteMobileRoutes } from './mobile';

/** The Invitation routes of the spec's section 7: team codes and invitations by mobile number. */
export function inviteRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  inviteCodeRoutes(app, ctx);
  inviteMobileRoutes(app, ctx);
}
