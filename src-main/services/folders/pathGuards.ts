import type { HandlerName, Handlers } from '../../../src-shared/ipc';
import { callerPlace } from '../clientPlace';
import type { ChosenFolders, PathUse } from './chosenFolders';
import { FolderAccessError } from './folderAccessError';

type Resolve = (given: unknown, use: PathUse, what: string) => Promise<string>;
/** Rewrites a call's arguments with every local path in them resolved by the rule (or refuses the call). */
type PathGuard = (args: unknown, resolve: Resolve) => Promise<unknown>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `args[field]` resolved, when args is an object (anything else is the handler's to refuse). */
const onePath = (field: string, use: PathUse): PathGuard => async (args, resolve) => (isObject(args) ? { ...args, [field]: await resolve(args[field], use, field) } : args);

/** Every entry of the list `args[field]` resolved for reading. */
const pathList = (field: string): PathGuard => async (args, resolve) => {
  if (!isObject(args) || !Array.isArray(args[field])) return args;
  const list = args[field] as unknown[];
  return { ...args, [field]: await Promise.all(list.map((p, i) => resolve(p, 'read', `${field}[${i}]`))) };
};

/**
 * Which calls of the contract take local paths, and how they use them. Typed over every
 * handler, so a new method does not compile until someone says whether it takes a path.
 * `storage.resume` takes none: it continues an upload from the transfer journal, which only
 * the workstation writes (from a checked upload, or its own log shipping).
 */
export const PATH_GUARDS: { [K in HandlerName]: PathGuard | null } = {
  'app.info': null,
  'app.pickFolder': null,
  'app.allowFolder': null,
  'session.set': null,
  'session.clear': null,
  'session.restore': null,
  'logs.write': null,
  'logs.query': null,
  'logs.clear': null,
  'logs.export': onePath('file', 'write'),
  'logs.exportToBrowser': null,
  'logs.shipNow': null,
  'logs.status': null,
  'logs.setLevel': null,
  'logs.level': null,
  'storage.init': null,
  'storage.status': null,
  'storage.setOverrides': null,
  'storage.upload': onePath('file', 'read'),
  'storage.uploadMany': async (args, resolve) => {
    if (!isObject(args) || !Array.isArray(args.items)) return args;
    const items = await Promise.all(args.items.map(async (item: unknown, i) => (isObject(item) ? { ...item, file: await resolve(item.file, 'read', `items[${i}].file`) } : item)));
    return { ...args, items };
  },
  'storage.download': onePath('file', 'write'),
  'storage.downloadToBrowser': null,
  'storage.cancel': null,
  'storage.pending': null,
  'storage.resume': null,
  'storage.discard': null,
  'storage.signedUrl': null,
  'datasets.scan': pathList('paths'),
  'datasets.import': pathList('paths'),
  'datasets.importFromBrowser': null,
  'datasets.wanted': null,
  'datasets.jobs': null,
  'datasets.pause': null,
  'datasets.resume': null,
  'datasets.cancel': null,
  'journal.append': null,
  'journal.open': null,
  'journal.status': null,
  'journal.flush': null,
  'journal.resolve': null,
  'journal.handOff': null,
  'journal.handoffs': null,
  'journal.forget': null,
  // Packages write only under the data folder, to paths of their own making.
  'packages.take': null,
  'packages.list': null,
  'packages.status': null,
  'packages.pause': null,
  'packages.resume': null,
  'packages.cancel': null,
  'packages.return': null,
  'packages.item': null,
  'packages.context': null,
  'packages.lost': null,
  // The copies go to a file the user names, held to the chosen folders like every other save.
  'packages.lostExport': onePath('file', 'write'),
  'packages.lostExportToBrowser': null,
  'packages.lostDismiss': null,
};

/**
 * The handlers as the hosts serve them: each call that takes local paths runs with them
 * resolved inside the chosen folders, or fails with a FolderAccessError before it starts.
 * A page on another computer gets no local path at all (LOCAL_PATH_REMOTE): the machine's
 * disk is not its user's, and it has the browser's own file picker and downloads.
 * The services' own callers (log shipping) use the services directly and are not limited.
 */
export function guardPaths(handlers: Handlers, folders: ChosenFolders): Handlers {
  const guarded: Record<string, unknown> = { ...handlers };
  const resolve: Resolve = (given, use, what) => {
    if (callerPlace() === 'remote') throw new FolderAccessError('LOCAL_PATH_REMOTE', { path: typeof given === 'string' ? given : '' });
    return folders.resolve(given, use, what);
  };
  for (const [method, guard] of Object.entries(PATH_GUARDS) as [HandlerName, PathGuard | null][]) {
    if (!guard) continue;
    const handler = handlers[method] as (args: unknown) => Promise<unknown>;
    guarded[method] = async (args: unknown) => handler(await guard(args, resolve));
  }
  return guarded as unknown as Handlers;
}
