/**
 * Where an export's zip goes: `export/<projectId>/<exportId>-<name>.zip`. The id keeps two runs
 * of one plan apart; the name (letters and digits of any script kept, the rest as `-`) is what
 * a downloaded file is called.
 */
export function exportObjectKey(projectId: number, exportId: number, name: string): string {
  const slug =
    name
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      .slice(0, 60) || 'export';
  return `export/${projectId}/${exportId}-${slug}.zip`;
}
