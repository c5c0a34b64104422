import type { FastifyInstance, FastifyRequest } from 'fastify';
import { room, type ProjectPart } from '../../src-shared/api/realtime';
import type { ServerContext } from '../context';

/**
 * Which part of a project a successful changing call touched, from its route (the OpenAPI tag
 * and path of its shared definition), or null when the call announces itself with a more
 * precise event (tasks and steps, notes, exports, AI, the project's own name and status) or
 * changes nothing a list shows (claims and saves go to the task's room).
 */
export function projectPartOf(tag: string | undefined, url: string): ProjectPart | null {
  if (tag === 'Batch' || tag === 'Subject') return 'data';
  if (tag === 'Ontology') return 'ontology';
  // Runs announce themselves (export.changed); plans are only seen on the exports tab.
  if (tag === 'Export') return /\/export\/plan(\/|$)/.test(url) ? 'exportPlans' : null;
  if (tag !== 'Project') return null;
  if (/\/member(\/|$)/.test(url)) return 'members';
  if (/\/(config|instruction|rejectReason)/.test(url)) return 'settings';
  return null;
}

const tagOf = (req: FastifyRequest) => (req.routeOptions.schema as { tags?: string[] } | undefined)?.tags?.[0];

/**
 * Announces every successful change made through a project-scoped call to the project's room as
 * `project.part.changed`, so every open list of that part (the Data tab, the New-task drawer's
 * batches, the ontology, the members) refreshes itself, whoever made the change and from
 * whichever client (a workstation's folder import, a script). One hook, like the team's
 * (teamChanges.ts), so a new project call is announced without anyone remembering to. The room
 * is open to whoever may read the project, the rule of every list these parts feed.
 *
 * Members also go to the team's room as `project.changed`: someone just added to a project
 * must see it appear in their project list, and that list hears the team room.
 */
export function installProjectChangeEvents(app: FastifyInstance, ctx: ServerContext): void {
  app.addHook('onResponse', async (req, reply) => {
    const rule = req.routeOptions.config.access;
    // A call anyone who may read the project may make changes nothing a list shows; announcing
    // it would make every client that refetches on the event call again, and announce again.
    if (rule?.scope !== 'project' || rule.action === 'project.read') return;
    if (req.method === 'GET' || req.routeOptions.config.readOnly || reply.statusCode !== 200 || !req.access?.project) return;
    const call = `${req.method} ${req.routeOptions.url ?? ''}`;
    const part = projectPartOf(tagOf(req), req.routeOptions.url ?? '');
    if (!part) return;
    const { projectId, teamId } = req.access.project;
    try {
      // Export plans are listed only to those who may export: their room is the exports room.
      await ctx.realtime.publish(room(part === 'exportPlans' ? 'exports' : 'project', projectId), 'project.part.changed', { projectId, part, call });
      if (part === 'members') await ctx.realtime.publish(room('team', teamId), 'project.changed', { projectId, change: 'updated' });
    } catch (err) {
      req.log.warn({ err }, 'project.part.changed not published');
    }
  });
}
