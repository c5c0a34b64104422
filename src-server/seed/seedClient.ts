import type { FastifyInstance } from 'fastify';
import { selfCaller, type SelfCall } from '../plugins/selfCall';
import { SessionsRepository } from '../repositories/sessions';

export type { CallInput } from '../plugins/selfCall';

/** A team-server call as the seed makes it (plugins/selfCall.ts). */
export type SeedCall = SelfCall;

/** A logged-in seed session. */
export interface SeedClient {
  call: SeedCall;
  close(): Promise<void>;
}

/**
 * The seed as an API client of the server it runs in: every change goes through the same routes,
 * validation, permission checks and real-time events as a user's (`app.inject`, no socket), so
 * the demo data is exactly what a team could have made by hand. It acts as `userId`.
 */
export async function seedClientFor(app: FastifyInstance, userId: number): Promise<SeedClient> {
  // A session opened as a login opens one, without the password check and the sign-in limits
  // (an Argon2 hash is seconds on a busy machine; the seed knows who it acts for).
  const sessions = new SessionsRepository(app.ctx.db);
  const token = await sessions.open(userId, app.ctx.now());
  const selfCall = selfCaller(app, token);
  // The seed runs at start: a refusal is a defect of the seed, said as such.
  const call: SeedCall = (route, input) =>
    selfCall(route, input).catch((err: unknown) => {
      throw new Error(`demo seed: ${route.method} ${route.path} answered ${(err as Error).message}`);
    });
  return {
    call,
    // The session ends with the seeding: no token of it stays valid.
    close: () => sessions.close(token),
  };
}
