/**
 * What the product ships, from package-lock.json alone (so the same on every machine): every
 * package that is not a development one, with its version and declared licence (the lockfile
 * records each package's `license`), corrected where a package declares it in an old form
 * (overrides.json, each with why).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ShippedPackage {
  name: string;
  version: string;
  licence: string | null;
  /** where npm installs it, from the repository's root */
  dir: string;
  /** a platform's build (sharp's libvips per system): installed only on that platform */
  optional: boolean;
  /** the override's reason, when the lockfile's licence was corrected */
  corrected?: string;
}

interface LockEntry { version?: string; license?: string; dev?: boolean; optional?: boolean; devOptional?: boolean; link?: boolean }

export function shippedPackages(root: string): ShippedPackage[] {
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const overrides = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'overrides.json'), 'utf8')) as Record<string, { license: string; why: string }>;
  const out: ShippedPackage[] = [];
  for (const [dir, entry] of Object.entries(lock.packages)) {
    // '' is the product itself; dev (and devOptional) packages are tools, never shipped
    if (dir === '' || entry.dev || entry.devOptional || entry.link) continue;
    const name = dir.slice(dir.lastIndexOf('node_modules/') + 'node_modules/'.length);
    const override = overrides[name];
    out.push({
      name,
      version: entry.version ?? '',
      licence: override?.license ?? entry.license ?? null,
      dir,
      optional: entry.optional === true,
      ...(override ? { corrected: override.why } : {}),
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}
