/** A fresh object id: 22 url-safe characters from 128 random bits (the model allows [A-Za-z0-9_-]{1,64}). */
export function newObjectId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
