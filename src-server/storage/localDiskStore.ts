import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { KeyConflictError, NoSuchKeyError, type ByteRange, type ObjectInfo, type ObjectStore, type PartialWrite } from './objectStore';
import { assertSafeKey, isReservedName, META_SUFFIX, PARTIAL_SUFFIX } from './keys';
import { filesUnder, lastWrite, pruneEmptyFolders } from './localDiskFiles';

const errno = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;
/** A path that is a folder where a file is wanted, or runs through a file where a folder is wanted. */
const CLASH = new Set(['EISDIR', 'ENOTDIR', 'EEXIST', 'ENOTEMPTY']);
/** A path that names no file: missing, or through a file, or a folder. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * Embedded mode: objects are files under `<dataDir>/objects`, with a sidecar
 * `.meta.json` for the content type and etag. Writes go to a temp file beside the object
 * (`<name>.<uuid>.tmp`) and are renamed, so a reader never sees half an object; a server killed
 * mid-write leaves the temp file, which partialWrites finds. Keys `a/b` and `a/b/c` cannot both
 * be files here: the second write is refused (KeyConflictError) before anything is stored, and
 * a read of a key that is a folder finds no object.
 */
export class LocalDiskStore implements ObjectStore {
  readonly mode = 'embedded' as const;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'objects');
  }

  private fileOf(key: string): string {
    const file = path.join(this.root, assertSafeKey(key));
    if (!file.startsWith(this.root + path.sep)) throw new RangeError('object key escapes the store');
    // The sidecar of another object, or a temp file: writing it would change that object.
    if (isReservedName(path.basename(file))) throw new RangeError('object key ends with a reserved suffix');
    return file;
  }

  /** The temp file a write goes to, opened in its folder (made again if a delete pruned it meanwhile). */
  private async openTemp(key: string, file: string, tmp: string): Promise<fsp.FileHandle> {
    for (let attempt = 0; ; attempt++) {
      try {
        await fsp.mkdir(path.dirname(file), { recursive: true });
        return await fsp.open(tmp, 'wx');
      } catch (err) {
        if (errno(err) === 'ENOENT' && attempt < 3) continue;
        if (CLASH.has(errno(err) ?? '')) throw new KeyConflictError(key);
        throw err;
      }
    }
  }

  async put(key: string, body: Buffer | Readable, contentType = 'application/octet-stream'): Promise<ObjectInfo> {
    const file = this.fileOf(key);
    const existing = await fsp.stat(file).catch(() => null);
    if (existing?.isDirectory()) throw new KeyConflictError(key);
    const writeId = crypto.randomUUID();
    const tmp = `${file}.${writeId}.tmp`;
    const metaTmp = `${file}${META_SUFFIX}.${writeId}.tmp`;
    const handle = await this.openTemp(key, file, tmp);
    const hash = crypto.createHash('md5');
    let size = 0;
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        },
        handle.createWriteStream(),
      );
      const info: ObjectInfo = { size, contentType, etag: `"${hash.digest('hex')}"` };
      // Metadata lands only with its object: a refused rename leaves no sidecar behind.
      await fsp.writeFile(metaTmp, JSON.stringify(info));
      await fsp.rename(tmp, file).catch((err: unknown) => {
        throw CLASH.has(errno(err) ?? '') ? new KeyConflictError(key) : err;
      });
      await fsp.rename(metaTmp, `${file}${META_SUFFIX}`);
      return info;
    } catch (err) {
      await handle.close().catch(() => undefined);
      await Promise.all([fsp.rm(tmp, { force: true }), fsp.rm(metaTmp, { force: true })]);
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.fileOf(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch (err) {
      if (ABSENT.has(errno(err) ?? '')) throw new NoSuchKeyError(key);
      throw err;
    }
    // Linux opens a folder for reading; its first read would fail after the answer began.
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new NoSuchKeyError(key);
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.fileOf(key);
    try {
      const info = JSON.parse(await fsp.readFile(`${file}${META_SUFFIX}`, 'utf8')) as ObjectInfo;
      // A sidecar without its file (left by a refused write of an older version) is no object.
      return (await fsp.stat(file)).isFile() ? info : null;
    } catch (err) {
      if (ABSENT.has(errno(err) ?? '')) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    const existing = await fsp.stat(file).catch(() => null);
    if (existing && !existing.isDirectory()) await fsp.rm(file, { force: true });
    await fsp.rm(`${file}${META_SUFFIX}`, { force: true });
    await pruneEmptyFolders(this.root, path.dirname(file));
  }

  async list(prefix: string): Promise<string[]> {
    return (await filesUnder(this.root, assertSafeKey(prefix), (name) => !isReservedName(name))).map((f) => f.rel);
  }

  async partialWrites(prefix: string): Promise<PartialWrite[]> {
    const out: PartialWrite[] = [];
    for (const f of await filesUnder(this.root, assertSafeKey(prefix), (name) => PARTIAL_SUFFIX.test(name))) {
      const since = await lastWrite(path.join(this.root, f.rel));
      if (since === null) continue;
      // `<key>.<uuid>.tmp` holds an object's bytes, `<key>.meta.json.<uuid>.tmp` its metadata.
      const target = f.rel.replace(PARTIAL_SUFFIX, '');
      out.push({ key: target.endsWith(META_SUFFIX) ? target.slice(0, -META_SUFFIX.length) : target, since, ref: f.rel });
    }
    return out;
  }

  async dropPartialWrite(write: PartialWrite): Promise<void> {
    const file = path.join(this.root, assertSafeKey(write.ref));
    if (!file.startsWith(this.root + path.sep) || !PARTIAL_SUFFIX.test(file)) throw new RangeError('not a partial write of this store');
    await fsp.rm(file, { force: true });
    await pruneEmptyFolders(this.root, path.dirname(file));
  }
}
