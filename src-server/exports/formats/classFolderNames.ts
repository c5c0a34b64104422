/**
 * The folder each classification label's pictures go into, in the class-folder formats
 * (Ultralytics classification, ImageNet): the label's name as one folder name, Chinese and spaces
 * kept ("Person 人"). Names depend on the ontology alone, never on the pictures, so every export
 * of a project files a class under the same folder.
 *
 * - Made safe as one path segment on every system the zip is unpacked on: `/`, `\`, control
 *   characters and the characters Windows refuses (`<>:"|?*`) become `_`; white space at the ends
 *   is trimmed and dots at the end become `_` (Windows drops them, and `.` and `..` climb out); a
 *   Windows device name (`CON`, `NUL`, `COM1`…) gets a `_` after it.
 * - Two labels whose folders would be one (classification features may share a label name;
 *   compared trimmed and ignoring case, as Windows and macOS unpack and as the ontology compares
 *   names), or a label whose folder is one the format keeps for itself (ImageNet's `no_label`),
 *   never merge: each of them is named `<label> (<feature>)`, and should that be taken as well,
 *   ` (2)`, ` (3)`… after it. Such a folder reads back as a label of that whole name.
 */
import { nameKey, type OntologyFeature } from '../../../src-shared/model/ontology';
import type { ExportOntology } from './types';

/** Characters no folder name may hold: separators and Windows' reserved ones (control characters are tested by code). */
const RESERVED_CHARACTERS = new Set(['/', '\\', '<', '>', ':', '"', '|', '?', '*']);
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

const isControl = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
};

/** A name as one folder name that unpacks the same on Linux, macOS and Windows. */
export function folderNameOf(name: string): string {
  const replaced = [...name.normalize('NFC')].map((ch) => (RESERVED_CHARACTERS.has(ch) || isControl(ch) ? '_' : ch)).join('');
  const folder = replaced.trim().replace(/\.+$/, (dots) => '_'.repeat(dots.length));
  if (folder === '') return '_';
  return WINDOWS_DEVICE.test(folder) ? `${folder}_` : folder;
}

export interface ClassFolderIndex {
  /** the folder of a classification label, or undefined for a label (or feature) the ontology no longer has */
  of(featureId: number, labelId: string): string | undefined;
}

interface Entry {
  feature: OntologyFeature;
  labelId: string;
  labelName: string;
  plain: string;
}

/** Every classification label's folder; `reserved` are folder names the format uses itself. */
export function classFolderIndex(ontology: ExportOntology, reserved: readonly string[] = []): ClassFolderIndex {
  const entries: Entry[] = ontology.features
    .filter((f) => f.tool === 'classification')
    .flatMap((feature) => feature.labels.map((l) => ({ feature, labelId: l.id, labelName: l.name, plain: folderNameOf(l.name) })));
  const uses = new Map<string, number>();
  for (const key of [...reserved.map(nameKey), ...entries.map((e) => nameKey(e.plain))]) uses.set(key, (uses.get(key) ?? 0) + 1);
  const taken = new Set(reserved.map(nameKey));
  const byLabel = new Map<string, string>();
  const name = (e: Entry, folder: string) => {
    taken.add(nameKey(folder));
    byLabel.set(`${e.feature.featureId}\u0000${e.labelId}`, folder);
  };
  const shared = entries.filter((e) => uses.get(nameKey(e.plain))! > 1);
  for (const e of entries) if (!shared.includes(e)) name(e, e.plain);
  // Qualified after every plain name is taken, so a label's own name always wins over another's qualified one.
  for (const e of shared) {
    const qualified = folderNameOf(`${e.labelName.trim()} (${e.feature.name.trim()})`);
    let folder = qualified;
    for (let n = 2; taken.has(nameKey(folder)); n++) folder = `${qualified} (${n})`;
    name(e, folder);
  }
  return { of: (featureId, labelId) => byLabel.get(`${featureId}\u0000${labelId}`) };
}
