/**
 * An avatar is a picture the team server holds: an image the user uploaded into their own
 * folder, `user/<id>/avatar/<name>.<png|jpg|jpeg|webp|gif>`, at most AVATAR_MAX_BYTES. A web
 * address is not taken: every teammate's app would fetch it, which makes it a tracking pixel
 * that tells its owner who looked at a member list, from where and when.
 */
export const AVATAR_KEY_PATTERN = '^user/([1-9][0-9]{0,9})/avatar/[A-Za-z0-9_-]{1,64}\\.(png|jpe?g|webp|gif)$';
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** Pixels a side: more than any avatar shows, far less than a pixel bomb's promise. */
export const AVATAR_MAX_SIDE = 4096;
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

const avatarKey = new RegExp(AVATAR_KEY_PATTERN);

/** The user whose folder an avatar key is in, or undefined for anything that is not an avatar key. */
export function avatarOwner(key: string): number | undefined {
  const m = avatarKey.exec(key);
  return m ? Number(m[1]) : undefined;
}

/** What lists show of a stored avatar: the key when it is one, else nothing (a web address kept from before is not shown). */
export const shownAvatar = (stored: string | null): string | null => (stored !== null && avatarOwner(stored) !== undefined ? stored : null);
