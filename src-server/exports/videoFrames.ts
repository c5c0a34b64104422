/**
 * A video item's frames as pictures in an export with media (docs/video.md, "Frames in an
 * export"): ffmpeg renders the item's frames from a local copy of its file, each put in the zip
 * under the name the export's annotations give that frame. Its picture type follows that name
 * (`.png`: PNG, as every video frame is named at import; `.jpg`/`.jpeg`: JPEG). What cannot be
 * rendered is reported per item, never a failed export: no ffmpeg on the server
 * (videoFramesNeedFfmpeg), or a file ffmpeg cannot decode (videoFramesFailed).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ObjectStore } from '../storage';
import type { ExportWarning } from '../../src-shared/api/export';
import type { ExportFrame, ExportItem } from './formats';
import { FfmpegMissing, ffmpegFrames, seekSecondsFor, videoStartTime } from '../media/ffmpegFrames';
import { LocalVideoCopy } from '../media/localVideoCopy';
import { readFrameTimes } from '../media/frameTimes';
import type { PictureType } from '../media/pictureStream';

/** ffmpeg on the server's PATH, as the configuration's default (FFMPEG_PATH). */
export const DEFAULT_FFMPEG = 'ffmpeg';

/**
 * ffmpeg's deadline for an item: five minutes to start (the seek decodes up to a key-frame
 * interval) and five seconds a frame. It bounds a hung ffmpeg, not a slow one: a camera-like
 * 1080p frame took 0.4 s as PNG on the 2-core test machine at load 10, and 1.2 s at load 17,
 * where a second a frame cut a 300-frame item short; a slow upload holds ffmpeg back too.
 */
export const timeoutFor = (frames: number): number => 300_000 + frames * 5000;

export interface VideoFramesDeps {
  db: Kysely<Database>;
  storage: ObjectStore;
  tempDir: string;
  ffmpegPath: string;
  /** aborts when the export stops: ffmpeg is killed and the copy's download dropped */
  signal: AbortSignal;
}

/** The picture type a frame's name asks for. */
export const pictureTypeOf = (path: string): PictureType => (/\.jpe?g$/i.test(path) ? 'jpeg' : 'png');

/** Writes video items' frames into an export, one item at a time; `close()` removes its temporary files. */
export class VideoFrameWriter {
  private readonly copy: LocalVideoCopy;
  private ffmpegMissing = false;
  private readonly known = new Map<string, { times: readonly number[]; start?: number }>();

  constructor(private readonly d: VideoFramesDeps) {
    this.copy = new LocalVideoCopy(d.storage, d.tempDir);
  }

  /**
   * Renders the item's frames and hands each to `add` with each of its paths (a class-folder
   * format puts a picture in every class's folder; a frame of no path, or whose paths are all in
   * `seen`, an overlap's second copy, is decoded and left out). Answers the pictures added and
   * the warning for the item, if any. Throws only when the export stopped.
   */
  async write(item: ExportItem, pathsOf: (frame: ExportFrame) => string[], seen: Set<string>, add: (path: string, picture: Buffer) => Promise<void>): Promise<{ added: number; warning?: ExportWarning }> {
    // Asked for every frame first, whatever happens next: a class-folder format names a picture by those asked before it.
    const paths = item.frames.map(pathsOf);
    if (this.ffmpegMissing) return { added: 0, warning: { code: 'videoFramesNeedFfmpeg', file: item.name } };
    let added = 0;
    // the zip's failures (a stop, a failed upload) are the export's, not the video's
    let zipFailure: unknown = null;
    try {
      const video = await this.d.db
        .selectFrom('subject_videos')
        .select(['object_key', 'times_key', 'first_frame', 'frame_count', 'width', 'height'])
        .where('subject_id', '=', item.dataId)
        .executeTakeFirst();
      const frames = item.frames;
      if (!video || frames.length !== video.frame_count || frames.some((f, i) => f.index !== i)) throw new Error('the item\'s frame rows are not its video\'s frames');
      // no frame has a place (Ultralytics classification: no class): nothing to render
      if (paths.every((p) => p.length === 0)) return { added };
      const file = await this.copy.fileOf(video.object_key, this.d.signal);
      const times = await this.timesOf(video.object_key, video.times_key);
      const first = video.first_frame;
      if (first + frames.length > times.length) throw new Error('the item runs past its file\'s frame times');
      // between the frame before the first and the first, on ffmpeg's clock (videoStartTime)
      const seekSeconds = first === 0 ? null : seekSecondsFor(await this.startOf(video.object_key, file), times, first);
      const pictures = ffmpegFrames(this.d.ffmpegPath, {
        file,
        seekSeconds,
        count: frames.length,
        // the type the frames' file names give (every path keeps its frame's name)
        type: pictureTypeOf(paths.flat()[0]!),
        // 16-bit RGBA uncompressed, and room for the format's own bytes
        maxPictureBytes: video.width * video.height * 8 + (1 << 20),
        timeoutMs: timeoutFor(frames.length),
        signal: this.d.signal,
      });
      let i = 0;
      for await (const picture of pictures) {
        for (const path of paths[i++]!) {
          if (seen.has(path)) continue;
          seen.add(path);
          try {
            await add(path, picture);
          } catch (err) {
            zipFailure = err;
            throw err;
          }
          added++;
        }
      }
      return { added };
    } catch (err) {
      if (zipFailure !== null) throw zipFailure;
      if (this.d.signal.aborted) throw err;
      if (err instanceof FfmpegMissing) {
        this.ffmpegMissing = true;
        return { added, warning: { code: 'videoFramesNeedFfmpeg', file: item.name } };
      }
      return { added, warning: { code: 'videoFramesFailed', file: item.name } };
    }
  }

  /** A file's frame times, read once per file. */
  private async timesOf(key: string, timesKey: string): Promise<readonly number[]> {
    const had = this.known.get(key);
    if (had) return had.times;
    const times = await readFrameTimes(this.d.storage, timesKey);
    this.known.clear();
    this.known.set(key, { times });
    return times;
  }

  /** ffmpeg's time of the file's first frame, asked once per file and only for an item that starts later (a seek). */
  private async startOf(key: string, file: string): Promise<number> {
    const facts = this.known.get(key)!;
    facts.start ??= await videoStartTime(this.d.ffmpegPath, file, this.d.signal);
    return facts.start;
  }

  close(): Promise<void> {
    return this.copy.close();
  }
}
