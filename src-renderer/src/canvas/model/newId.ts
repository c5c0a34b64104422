/** Ids for objects the engine makes (a drawn object, an added one whose id was taken). */

let idCounter = 0;
/** A random id in the model's id alphabet: a UUID's hex digits without the dashes. */
export const defaultNewId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID().replaceAll('-', '') : `o${Date.now().toString(36)}${(idCounter++).toString(36)}`;
