/** A file the user picked or dropped, with its path under the chosen folder's parent (`photos/a/1.jpg`), or its bare name. */
export interface PickedFile {
  relPath: string;
  file: File;
}

/** Hidden entries (`.DS_Store`, `.git/...`) are skipped, as the workstation skips them when it walks a folder. */
const hidden = (relPath: string) => relPath.split('/').some((part) => part.startsWith('.'));

/** The files of an `<input type=file multiple>` or `webkitdirectory` input: a folder's files carry their path in `webkitRelativePath`. */
export function filesFromInput(list: FileList | readonly File[]): PickedFile[] {
  return Array.from(list)
    .map((file) => ({ relPath: file.webkitRelativePath || file.name, file }))
    .filter((f) => !hidden(f.relPath));
}

/** Every entry of a directory: `readEntries` answers in batches (Chromium: 100) until it answers none. */
async function entriesOf(dir: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = dir.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  const relPath = entry.fullPath.replace(/^\/+/, '');
  if (hidden(relPath)) return;
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push({ relPath, file });
  } else if (entry.isDirectory) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walk(child, out);
  }
}

/**
 * What was dropped: folders walked through the entries API (`webkitGetAsEntry`, what Chromium,
 * Firefox and Safari all have for dropped folders), named from the dropped folder down as a
 * picked folder is; loose files by name. The entries must be taken during the drop event,
 * before the first await: the DataTransfer is emptied afterwards.
 */
export async function filesFromDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.() ?? null);
  const loose = entries.every((e) => e === null) ? filesFromInput(data.files) : [];
  const out: PickedFile[] = [...loose];
  for (const entry of entries) if (entry) await walk(entry, out);
  return out;
}
