import { imageSize } from 'image-size';
import { AVATAR_MAX_BYTES, AVATAR_MAX_SIDE, avatarOwner } from '../../src-shared/model/avatar';
import { AppError } from '../errors';
import type { ObjectStore } from './objectStore';

/** The formats an avatar may be, as image-size names them. */
const AVATAR_FORMATS = new Set(['png', 'jpg', 'gif', 'webp']);

const invalid = (reason: 'notOwn' | 'missing' | 'tooLarge' | 'notImage') => new AppError('user.avatarInvalid', { reason });

async function readAll(store: ObjectStore, key: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of await store.get(key)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The picture's format and size from its own bytes, or null when they are not a picture. */
function pictureOf(bytes: Buffer): { type: string; width: number; height: number } | null {
  try {
    const { type, width, height } = imageSize(bytes);
    return type ? { type, width, height } : null;
  } catch {
    return null;
  }
}

/**
 * Checks that a new avatar is a picture the user uploaded into their own avatar folder: the key
 * is theirs, the object is there and at most 1 MiB, its own bytes are a PNG, JPEG, GIF or WebP
 * (its name and declared type are the uploader's word: a text named `.png` is refused), and it
 * is at most AVATAR_MAX_SIDE pixels a side: a 1 MiB PNG can declare 30,000 x 30,000 pixels,
 * which every teammate's app would have to decode.
 */
export async function checkAvatarImage(store: ObjectStore, userId: number, key: string): Promise<void> {
  if (avatarOwner(key) !== userId) throw invalid('notOwn');
  const info = await store.head(key);
  if (!info) throw invalid('missing');
  if (info.size > AVATAR_MAX_BYTES) throw invalid('tooLarge');
  const bytes = await readAll(store, key);
  // Replaced since the head, by something larger: judged by what is there now.
  if (bytes.length > AVATAR_MAX_BYTES) throw invalid('tooLarge');
  const picture = pictureOf(bytes);
  if (!picture || !AVATAR_FORMATS.has(picture.type)) throw invalid('notImage');
  if (picture.width > AVATAR_MAX_SIDE || picture.height > AVATAR_MAX_SIDE) throw invalid('tooLarge');
}
