/**
 * The project settings of work packages (docs/offline-day.md, "Team server"), kept in the
 * project's configuration object (PUT /project/{projectId}/config) under these keys. Absent
 * keys read as the defaults; a present one must be a whole number in its range.
 */
export const WORK_PACKAGE_SETTINGS = {
  /** the most items one package may hold */
  packageSize: { min: 1, max: 1000, default: 200 },
  /** how long the server holds a package's items for its worker */
  leaseHours: { min: 1, max: 168, default: 24 },
} as const;

export type WorkPackageSettingName = keyof typeof WORK_PACKAGE_SETTINGS;
export type WorkPackageSettings = Record<WorkPackageSettingName, number>;

const NAMES = Object.keys(WORK_PACKAGE_SETTINGS) as WorkPackageSettingName[];

/** The first setting of a configuration object that is present and out of range, with its range. */
export function invalidWorkPackageSetting(config: Record<string, unknown>): { setting: WorkPackageSettingName; min: number; max: number } | undefined {
  for (const setting of NAMES) {
    if (!(setting in config)) continue;
    const value = config[setting];
    const { min, max } = WORK_PACKAGE_SETTINGS[setting];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) return { setting, min, max };
  }
  return undefined;
}

/** The settings a configuration object gives, defaults for what it does not (or gives out of range). */
export function workPackageSettings(config: Record<string, unknown>): WorkPackageSettings {
  const out = {} as WorkPackageSettings;
  for (const setting of NAMES) {
    const value = config[setting];
    const { min, max } = WORK_PACKAGE_SETTINGS[setting];
    out[setting] = typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : WORK_PACKAGE_SETTINGS[setting].default;
  }
  return out;
}
