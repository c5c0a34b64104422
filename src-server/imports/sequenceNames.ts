/**
 * MOT sequences to items by name, without holding the project's items in memory: the matcher is
 * told the sequences' folders, sees every item of the project once (streamed from the database)
 * and keeps only the items named like one of them (as FrameMatcher does for files).
 *
 * A sequence's folder (the path before `gt/gt.txt`; its last segment when the zip has a folder
 * around everything) names, in this order:
 * 1. `<name>_<dataId>`, our export's folder for an item whose name is no folder name or was taken
 *    (motLayout.ts): the item of that id, when its name is that name as a folder;
 * 2. the items of exactly that name (the whole path, else its last segment), less the items
 *    rule 1 gave another folder (two items of one name: `a` and `a_<id>`);
 * 3. the items whose name, as a folder, is the last segment (`clips/a` written as `clips_a`);
 * 4. for `<name>_<number>`, the items whose name as a folder is `<name>` (rule 1 in another
 *    project, where the ids differ).
 * The first rule that finds any item decides: one is a match, several an ambiguity reported to
 * the user (never guessed at).
 */
import { sequenceFolderOf } from '../exports/formats/motLayout';
import { baseName, cleanPath } from './fileNames';

export interface ProjectItem {
  subjectId: number;
  name: string;
  recordType: string;
}

export type SequenceMatch = { kind: 'matched'; item: ProjectItem } | { kind: 'ambiguous'; items: number } | { kind: 'unmatched' };

const SUFFIXED = /^(.*)_(\d+)$/;

/** A folder's names: its whole path, its last segment, and that segment's parts when it ends in `_<number>`. */
function namesOf(folder: string): { path: string; base: string; suffixed: { name: string; id: number } | null } {
  const path = cleanPath(folder);
  const base = baseName(path);
  const m = SUFFIXED.exec(base);
  return { path, base, suffixed: m ? { name: m[1]!, id: Number(m[2]) } : null };
}

export class SequenceNames {
  private readonly wantedNames = new Set<string>();
  private readonly wantedFolders = new Set<string>();
  private readonly wantedIds = new Set<number>();
  private readonly byName = new Map<string, ProjectItem[]>();
  private readonly byFolder = new Map<string, ProjectItem[]>();
  private readonly byId = new Map<number, ProjectItem>();
  private readonly folders: string[];

  constructor(folders: Iterable<string>) {
    this.folders = [...folders];
    for (const folder of this.folders) {
      const n = namesOf(folder);
      this.wantedNames.add(n.path).add(n.base);
      this.wantedFolders.add(n.base);
      if (n.suffixed) {
        this.wantedFolders.add(n.suffixed.name);
        this.wantedIds.add(n.suffixed.id);
      }
    }
  }

  /** Shows the matcher one item of the project; each item once. */
  see(item: ProjectItem): void {
    const folder = sequenceFolderOf(item.name);
    if (this.wantedNames.has(item.name)) this.byName.set(item.name, [...(this.byName.get(item.name) ?? []), item]);
    if (this.wantedFolders.has(folder)) this.byFolder.set(folder, [...(this.byFolder.get(folder) ?? []), item]);
    if (this.wantedIds.has(item.subjectId)) this.byId.set(item.subjectId, item);
  }

  /** Rule 1: the item a `<name>_<dataId>` folder names by its id. */
  private byOwnId(folder: string): ProjectItem | undefined {
    const s = namesOf(folder).suffixed;
    const item = s ? this.byId.get(s.id) : undefined;
    return item && sequenceFolderOf(item.name) === s!.name ? item : undefined;
  }

  /** Where each folder the matcher was told of goes. */
  matchAll(): Map<string, SequenceMatch> {
    const claimed = new Map<number, string>();
    for (const folder of this.folders) {
      const item = this.byOwnId(folder);
      if (item) claimed.set(item.subjectId, folder);
    }
    const out = new Map<string, SequenceMatch>();
    for (const folder of this.folders) {
      const own = this.byOwnId(folder);
      if (own) {
        out.set(folder, { kind: 'matched', item: own });
        continue;
      }
      const n = namesOf(folder);
      const free = (list: readonly ProjectItem[] | undefined) => (list ?? []).filter((i) => !claimed.has(i.subjectId));
      const candidates = [this.byName.get(n.path), this.byName.get(n.base), this.byFolder.get(n.base), n.suffixed ? this.byFolder.get(n.suffixed.name) : undefined].map(free);
      const hit = candidates.find((list) => list.length > 0);
      out.set(folder, !hit ? { kind: 'unmatched' } : hit.length === 1 ? { kind: 'matched', item: hit[0]! } : { kind: 'ambiguous', items: hit.length });
    }
    return out;
  }
}
