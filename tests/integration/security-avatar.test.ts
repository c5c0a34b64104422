import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startObsServer, type ObsServer } from '../support/obsServer';
import { buildWorld, type World } from '../support/world';

/** The smallest PNG there is: one transparent pixel. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/**
 * An avatar is a picture the team server holds. Before, it could be any https address, which
 * every teammate's app fetched: a tracking pixel telling its owner who opened a member list,
 * from where and when. Now it must be an image the user uploaded into their own avatar folder,
 * and coworkers read it through a signed URL of this server; strangers cannot.
 */
describe.each(DB_KINDS.flatMap((db) => (['embedded', 's3'] as const).map((mode) => [db, mode] as const)))('avatars on %s, %s storage', (kind, mode) => {
  let s: ObsServer;
  let w: World;
  beforeAll(async () => {
    s = await startObsServer(kind, mode);
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    w = await buildWorld(s.app.ctx);
  });

  const setAvatar = (role: keyof World['users'], avatar: string | null) =>
    s.call({ method: 'PUT', url: '/core/user/info', payload: { avatar }, token: w.users[role].token });
  const own = (role: keyof World['users'], file = 'me.png') => `user/${w.users[role].id}/avatar/${file}`;

  it('refuses a web address, another user\'s folder, a missing file, a text named .png, a file over 1 MiB and a picture of 30,000 pixels a side', async () => {
    await s.app.ctx.storage.put(own('reviewer'), PNG_1X1, 'image/png');
    await s.app.ctx.storage.put(own('annotator', 'text.png'), Buffer.from('not a picture at all'), 'image/png');
    await s.app.ctx.storage.put(own('annotator', 'big.png'), Buffer.concat([PNG_1X1, Buffer.alloc(1024 * 1024)]), 'image/png');
    // 70 bytes that declare 30,000 x 30,000 pixels: every teammate's app would decode 3.6 GB.
    const declaresHuge = Buffer.from(PNG_1X1);
    declaresHuge.writeUInt32BE(30_000, 16);
    declaresHuge.writeUInt32BE(30_000, 20);
    await s.app.ctx.storage.put(own('annotator', 'huge.png'), declaresHuge, 'image/png');
    const outcomes = [];
    for (const avatar of ['https://tracker.example.com/pixel.png', own('reviewer'), own('annotator', 'none.png'), own('annotator', 'text.png'), own('annotator', 'big.png'), own('annotator', 'huge.png')]) {
      const r = await setAvatar('annotator', avatar);
      outcomes.push([r.status, r.body.msg, r.body.data?.reason ?? null]);
    }
    expect(outcomes).toEqual([
      [400, 'error.validation', null],
      [400, 'error.user.avatarInvalid', 'notOwn'],
      [400, 'error.user.avatarInvalid', 'missing'],
      [400, 'error.user.avatarInvalid', 'notImage'],
      [400, 'error.user.avatarInvalid', 'tooLarge'],
      [400, 'error.user.avatarInvalid', 'tooLarge'],
    ]);
    expect((await s.call({ method: 'GET', url: '/core/user/info', token: w.users.annotator.token })).body.data.avatar).toBeNull();
  });

  it('shows a web address stored before as no avatar at all', async () => {
    await s.app.ctx.db.updateTable('users').set({ avatar: 'https://tracker.example.com/pixel.png' }).where('id', '=', w.users.reviewer.id).execute();
    const members = await s.call({ method: 'GET', url: '/core/user?pageSize=50', token: w.users.annotator.token });
    const reviewer = members.body.data.list.find((m: { userId: number }) => m.userId === w.users.reviewer.id);
    expect(reviewer.avatar).toBeNull();
    expect(JSON.stringify(members.body)).not.toContain('tracker.example.com');
    const url = await s.call({ method: 'GET', url: `/core/user/avatar/${w.users.reviewer.id}`, token: w.users.annotator.token });
    expect(url.body).toMatchObject({ code: 200, data: null });
  });

  it('lets coworkers load the picture through a signed URL and tells strangers the user does not exist', async () => {
    await s.app.ctx.storage.put(own('reviewer'), PNG_1X1, 'image/png');
    expect((await setAvatar('reviewer', own('reviewer'))).status).toBe(200);

    // A teammate, and a vendor's worker on a project of the reviewer's team.
    for (const role of ['annotator', 'vendorAnnotator'] as const) {
      const r = await s.call({ method: 'GET', url: `/core/user/avatar/${w.users.reviewer.id}`, token: w.users[role].token });
      expect([role, r.status]).toEqual([role, 200]);
      // The signed URL needs no token: embedded mode reads it through this server, S3 mode straight from Ceph.
      const signed = new URL(r.body.data.url);
      const picture = mode === 'embedded' ? (await s.raw({ method: 'GET', url: signed.pathname + signed.search })).rawPayload : Buffer.from(await (await fetch(signed)).arrayBuffer());
      expect(picture).toEqual(PNG_1X1);
    }
    for (const role of ['ownerB', 'outsider'] as const) {
      const r = await s.call({ method: 'GET', url: `/core/user/avatar/${w.users.reviewer.id}`, token: w.users[role].token });
      expect([role, r.status, r.body.msg]).toEqual([role, 404, 'error.user.notFound']);
    }
  });
});
