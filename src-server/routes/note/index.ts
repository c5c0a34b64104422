import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerNotes } from './notes';
import { registerNoteRemove } from './remove';
import { registerNoteLabels } from './labels';

/** The Notes routes (src-shared/api/note.ts) with note-label management. */
export function noteRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  registerNotes(app, ctx);
  registerNoteRemove(app, ctx);
  registerNoteLabels(app, ctx);
}
