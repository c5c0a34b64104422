import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { NoSuchKeyError, type ByteRange, type ObjectInfo, type ObjectStore } from './objectStore';
import { assertSafeKey, META_SUFFIX } from './keys';

/**
 * Embedded mode: objects are files under `<dataDir>/objects`, with a sidecar
 * `.meta.json` for the content type and etag. Writes go to a temp file and are renamed,
 * so a reader never sees half an object.
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
    // The sidecar of another object: writing it would change that object's metadata.
    if (file.endsWith(META_SUFFIX)) throw new RangeError('object key ends with a reserved suffix');
    return file;
  }

  async put(key: string, body: Buffer | Readable, contentType = 'application/octet-stream'): Promise<ObjectInfo> {
    const file = this.fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${crypto.randomUUID()}.tmp`;
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
        fs.createWriteStream(tmp),
      );
      const info: ObjectInfo = { size, contentType, etag: `"${hash.digest('hex')}"` };
      await fsp.writeFile(`${file}.meta.json`, JSON.stringify(info));
      await fsp.rename(tmp, file);
      return info;
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.fileOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new NoSuchKeyError(key);
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    try {
      return JSON.parse(await fsp.readFile(`${this.fileOf(key)}.meta.json`, 'utf8')) as ObjectInfo;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.fileOf(key);
    await fsp.rm(file, { force: true });
    await fsp.rm(`${file}.meta.json`, { force: true });
  }
}
