import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';

export function obsRoutesPlugin(_app: FastifyInstance, _ctx: ServerContext): void {}
