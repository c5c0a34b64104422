import { logRoutes } from '../../../src-shared/api/log';
import type { ServerContext } from '../../../src-server/context';
import type { World, WorldRole } from '../world';
import type { SampleGroup } from './types';

const levels = { debug: 1, info: 2, warn: 0, error: 1 };

/** A zip in the caller's own logs folder, as a workstation leaves it before registering. */
async function zipOf(ctx: ServerContext, userId: number): Promise<{ key: string; size: number }> {
  const key = `user/${userId}/logs/2026-11-26/${Date.now()}-${Math.random().toString(16).slice(2, 14)}.zip`;
  const info = await ctx.storage.put(key, Buffer.from('PK sample zip'), 'application/zip');
  return { key, size: info.size };
}

/** An indexed upload of the world's annotator in team A. */
async function indexed(w: World, ctx: ServerContext): Promise<number> {
  const { key, size } = await zipOf(ctx, w.users.annotator.id);
  const now = ctx.now();
  const row = await ctx.db
    .insertInto('log_uploads')
    .values({
      team_id: w.teamA, user_id: w.users.annotator.id, device_id: 'device-sample-1', device_name: 'desk-1', object_key: key, size_bytes: size,
      records: 4, first_at: now - 1000, last_at: now, debug_count: 1, info_count: 2, warn_count: 0, error_count: 1, uploaded_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const logSamples: SampleGroup = {
  routes: logRoutes,
  samples: {
    register: async (w, ctx, as: WorldRole) => {
      const { key, size } = await zipOf(ctx, w.users[as].id);
      const now = ctx.now();
      return {
        method: 'POST', url: '/core/log/upload',
        payload: { key, sizeBytes: size, deviceId: 'device-sample-1', deviceName: 'desk-1', records: 4, firstAt: now - 1000, lastAt: now, levels },
      };
    },
    list: () => ({ method: 'GET', url: '/core/log/upload', query: { minLevel: '2' } }),
    download: async (w, ctx) => ({ method: 'GET', url: `/core/log/upload/${await indexed(w, ctx)}/url` }),
    requestUpload: (w) => ({ method: 'POST', url: '/core/log/upload/request', payload: { userId: w.users.annotator.id } }),
    settings: () => ({ method: 'GET', url: '/core/log/setting' }),
    updateSettings: () => ({ method: 'PUT', url: '/core/log/setting', payload: { retentionDays: 14 } }),
  },
};
