import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';

export function ontologyRoutesPlugin(_app: FastifyInstance, _ctx: ServerContext): void {}
