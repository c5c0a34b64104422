import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Id, Page, PageQuery } from './envelope';
import { ObsKey, SignedUrl } from './obs';
import { NameText } from '../model/textFields';

/**
 * The index of the zips workstations upload of their logs (docs/logging.md, "Ops collect the
 * zips"). A workstation puts each zip under `user/<me>/logs/` through the storage layer, then
 * registers it here; ops (`team.logs.read`) list, filter and download them, and ask a
 * workstation to upload now over the real-time channel.
 */

/** Retention of the index and its zips on the server, in days (a team setting). */
export const LOG_RETENTION_DEFAULT_DAYS = 30;
export const LOG_RETENTION_MIN_DAYS = 1;
export const LOG_RETENTION_MAX_DAYS = 365;
/** How long a download URL of a log zip lives, in seconds. */
export const LOG_DOWNLOAD_URL_SECONDS = 300;

/** A workstation's id: made once per data folder, kept in it (`device.json`). */
export const DeviceId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'the workstation\'s id, stable per data folder' });
/** The log levels of the spec: debug 0, info 1, warn 2, error 3. */
export const LogLevel = Type.Integer({ minimum: 0, maximum: 3 });
const Count = Type.Integer({ minimum: 0, maximum: 2 ** 40 });
const At = Type.Integer({ minimum: 0, maximum: 2 ** 50, description: 'epoch ms' });

/** How many records of each level a zip holds. */
export const LogLevelCounts = Type.Object({ debug: Count, info: Count, warn: Count, error: Count }, { additionalProperties: false });
export type LogLevelCounts = Static<typeof LogLevelCounts>;

/** One uploaded zip as ops see it. */
export const LogUpload = Type.Object({
  id: Type.Integer(),
  teamId: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  deviceId: Type.String(),
  deviceName: Type.String(),
  /** the object key, without the server's root prefix */
  key: Type.String(),
  sizeBytes: Type.Integer(),
  records: Type.Integer(),
  firstAt: Type.Integer(),
  lastAt: Type.Integer(),
  levels: LogLevelCounts,
  uploadedAt: Type.Integer(),
});
export type LogUpload = Static<typeof LogUpload>;

/** What a workstation tells of a zip it has just uploaded. */
export const LogUploadRegisterBody = Type.Object(
  {
    key: ObsKey,
    sizeBytes: Type.Integer({ minimum: 1, maximum: 2 ** 40 }),
    deviceId: DeviceId,
    /** the machine's host name; shown to ops, so under the text rule like every name */
    deviceName: NameText(128),
    records: Count,
    firstAt: At,
    lastAt: At,
    levels: LogLevelCounts,
  },
  { additionalProperties: false },
);
export type LogUploadRegisterBody = Static<typeof LogUploadRegisterBody>;

/** Filters of the ops list; a time range keeps zips whose records overlap it. */
export const LogUploadListQuery = Type.Object(
  {
    ...PageQuery,
    userId: Type.Optional(Id),
    deviceId: Type.Optional(DeviceId),
    /** records at or after (epoch ms) */
    from: Type.Optional(At),
    /** records at or before (epoch ms) */
    to: Type.Optional(At),
    /** only zips holding a record of this level or above */
    minLevel: Type.Optional(LogLevel),
  },
  { additionalProperties: false },
);
export type LogUploadListQuery = Static<typeof LogUploadListQuery>;

/** Ask a member's workstation (one of them, or every one they are signed in on) to upload now. */
export const LogUploadRequestBody = Type.Object({ userId: Id, deviceId: Type.Optional(DeviceId) }, { additionalProperties: false });
export type LogUploadRequestBody = Static<typeof LogUploadRequestBody>;

export const LogSettings = Type.Object({
  retentionDays: Type.Integer({ minimum: LOG_RETENTION_MIN_DAYS, maximum: LOG_RETENTION_MAX_DAYS }),
});
export type LogSettings = Static<typeof LogSettings>;
export const LogSettingsBody = Type.Object(LogSettings.properties, { additionalProperties: false });

const base = { tag: 'Logs', auth: true } as const;

/** The log-upload routes; all act on the caller's current team. */
export const logRoutes = {
  register: defineRoute({
    // readOnly: nothing the team's clients show changes, so no team.changed for every hourly zip
    ...base, method: 'POST', path: '/log/upload', access: { scope: 'currentTeam', action: 'team.read' }, readOnly: true,
    summary:
      'A workstation registers a log zip it uploaded under user/<me>/logs/: the object must exist with that size. ' +
      'Idempotent per key (a second call answers the row as it is).',
    body: LogUploadRegisterBody, data: LogUpload,
  }),
  list: defineRoute({
    ...base, method: 'GET', path: '/log/upload', access: { scope: 'currentTeam', action: 'team.logs.read' },
    summary: 'The team\'s uploaded log zips, newest first, by person, device, time range of their records and lowest level held.',
    querystring: LogUploadListQuery, data: Page(LogUpload),
  }),
  download: defineRoute({
    ...base, method: 'GET', path: '/log/upload/:id/url', access: { scope: 'currentTeam', action: 'team.logs.read' },
    summary: 'A short-lived (5 minutes) URL reading one of the team\'s log zips.',
    params: Type.Object({ id: Id }), data: SignedUrl,
  }),
  requestUpload: defineRoute({
    // readOnly: it changes nothing; its own event goes to the member's room alone
    ...base, method: 'POST', path: '/log/upload/request', access: { scope: 'currentTeam', action: 'team.logs.read' }, readOnly: true,
    summary: 'Ask a member\'s workstation (one device, or all they are signed in on) to upload its logs now, over the real-time channel.',
    body: LogUploadRequestBody, data: Type.Null(),
  }),
  settings: defineRoute({
    ...base, method: 'GET', path: '/log/setting', access: { scope: 'currentTeam', action: 'team.logs.read' },
    summary: 'How many days the server keeps the team\'s log zips (default 30).',
    data: LogSettings,
  }),
  updateSettings: defineRoute({
    ...base, method: 'PUT', path: '/log/setting', access: { scope: 'currentTeam', action: 'team.update' },
    summary: 'Change how many days the server keeps the team\'s log zips (1 to 365); older ones go at the next hourly sweep.',
    body: LogSettingsBody, data: LogSettings,
  }),
};
