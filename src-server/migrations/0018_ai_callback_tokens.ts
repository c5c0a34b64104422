import type { Migration } from './types';

/**
 * A model service's callback is recognised by its bearer token alone (docs/security.md, "Calls
 * that come back"): the server looks the job up by the token's sha256 before it reads the body,
 * so a stranger's callback costs one indexed read, never the parse of its body. A finished job
 * keeps its last dispatch's hash, so that dispatch still learns it ended (409) while anyone else
 * gets the same 401 as for a job that never existed.
 */
export const m0018: Migration = {
  async up(db) {
    await db.schema.createIndex('ai_jobs_token_hash').on('ai_jobs').column('token_hash').execute();
  },
};
