import { sql, type Kysely, type Selectable } from 'kysely';
import { LOG_RETENTION_DEFAULT_DAYS, type LogUpload, type LogUploadListQuery, type LogUploadRegisterBody } from '../../src-shared/api/log';
import type { PageOf } from '../../src-shared/api/envelope';
import type { Database, LogUploadsTable } from '../database/schema';

type Row = Selectable<LogUploadsTable> & { user_name: string };

/** The per-level counts a "lowest level held" filter adds up: level 2 means warn + error. */
const LEVEL_COLUMNS = ['debug_count', 'info_count', 'warn_count', 'error_count'] as const;

/** The index of uploaded log zips and the teams' log settings. */
export class LogUploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('log_uploads')
      .innerJoin('users', 'users.id', 'log_uploads.user_id')
      .selectAll('log_uploads')
      .select('users.name as user_name');
  }

  static toUpload(r: Row): LogUpload {
    return {
      id: r.id,
      teamId: r.team_id,
      userId: r.user_id,
      userName: r.user_name,
      deviceId: r.device_id,
      deviceName: r.device_name,
      key: r.object_key,
      sizeBytes: Number(r.size_bytes),
      records: Number(r.records),
      firstAt: Number(r.first_at),
      lastAt: Number(r.last_at),
      levels: { debug: Number(r.debug_count), info: Number(r.info_count), warn: Number(r.warn_count), error: Number(r.error_count) },
      uploadedAt: Number(r.uploaded_at),
    };
  }

  async byKey(key: string): Promise<LogUpload | undefined> {
    const r = await this.select().where('log_uploads.object_key', '=', key).executeTakeFirst();
    return r && LogUploadsRepository.toUpload(r);
  }

  async byId(teamId: number, id: number): Promise<LogUpload | undefined> {
    const r = await this.select().where('log_uploads.team_id', '=', teamId).where('log_uploads.id', '=', id).executeTakeFirst();
    return r && LogUploadsRepository.toUpload(r);
  }

  /** Adds the row unless its key is indexed already (a retried registration); answers the key's row either way. */
  async register(a: { teamId: number; userId: number; key: string; at: number; meta: LogUploadRegisterBody }): Promise<LogUpload> {
    const m = a.meta;
    await this.db
      .insertInto('log_uploads')
      .values({
        team_id: a.teamId,
        user_id: a.userId,
        device_id: m.deviceId,
        device_name: m.deviceName,
        object_key: a.key,
        size_bytes: m.sizeBytes,
        records: m.records,
        first_at: m.firstAt,
        last_at: m.lastAt,
        debug_count: m.levels.debug,
        info_count: m.levels.info,
        warn_count: m.levels.warn,
        error_count: m.levels.error,
        uploaded_at: a.at,
      })
      .onConflict((oc) => oc.column('object_key').doNothing())
      .execute();
    return (await this.byKey(a.key))!;
  }

  async list(teamId: number, f: LogUploadListQuery): Promise<PageOf<LogUpload>> {
    const page = f.page ?? 1;
    const pageSize = f.pageSize ?? 20;
    let q = this.db.selectFrom('log_uploads').where('log_uploads.team_id', '=', teamId);
    if (f.userId !== undefined) q = q.where('log_uploads.user_id', '=', f.userId);
    if (f.deviceId !== undefined) q = q.where('log_uploads.device_id', '=', f.deviceId);
    // A zip is in the range when some of its records may be: its span overlaps it.
    if (f.from !== undefined) q = q.where('log_uploads.last_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('log_uploads.first_at', '<=', f.to);
    if (f.minLevel !== undefined && f.minLevel > 0) {
      const cols = LEVEL_COLUMNS.slice(f.minLevel);
      q = q.where((eb) => eb.or(cols.map((c) => eb(`log_uploads.${c}`, '>', 0))));
    }
    const [ids, total] = await Promise.all([
      q.select('log_uploads.id').orderBy('log_uploads.uploaded_at', 'desc').orderBy('log_uploads.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const rows =
      ids.length === 0
        ? []
        : await this.select()
            .where('log_uploads.id', 'in', ids.map((r) => r.id))
            .orderBy('log_uploads.uploaded_at', 'desc')
            .orderBy('log_uploads.id', 'desc')
            .execute();
    return { list: rows.map(LogUploadsRepository.toUpload), total: Number(total.n), page, pageSize };
  }

  async retentionDays(teamId: number): Promise<number> {
    const r = await this.db.selectFrom('team_log_settings').select('retention_days').where('team_id', '=', teamId).executeTakeFirst();
    return r?.retention_days ?? LOG_RETENTION_DEFAULT_DAYS;
  }

  async setRetentionDays(teamId: number, days: number, now: number): Promise<void> {
    await this.db
      .insertInto('team_log_settings')
      .values({ team_id: teamId, retention_days: days, updated_at: now })
      .onConflict((oc) => oc.column('team_id').doUpdateSet({ retention_days: days, updated_at: now }))
      .execute();
  }

  /** Up to `limit` uploads past their team's retention at `now`, oldest first. */
  async expired(now: number, limit: number): Promise<{ id: number; key: string }[]> {
    const day = 24 * 3600 * 1000;
    const rows = await this.db
      .selectFrom('log_uploads')
      .leftJoin('team_log_settings', 'team_log_settings.team_id', 'log_uploads.team_id')
      .select(['log_uploads.id', 'log_uploads.object_key'])
      // in SQL, so one statement covers every team; the casts keep PostgreSQL's arithmetic in bigint
      .where(
        sql<boolean>`log_uploads.uploaded_at < cast(${now} as bigint) - cast(coalesce(team_log_settings.retention_days, ${LOG_RETENTION_DEFAULT_DAYS}) as bigint) * cast(${day} as bigint)`,
      )
      .orderBy('log_uploads.uploaded_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: r.id, key: r.object_key }));
  }

  async remove(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('log_uploads').where('id', 'in', ids).execute();
  }
}
