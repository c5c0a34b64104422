import { LOG_LEVELS, type LogLevel, type LogLevelName } from '../../../../../src-shared/ipc/logs';

export const LEVEL_NAMES = Object.keys(LOG_LEVELS) as LogLevelName[];
export const levelName = (level: LogLevel): LogLevelName => LEVEL_NAMES[level] ?? 'debug';
export const LEVEL_COLOR: Record<LogLevelName, string> = { debug: 'default', info: 'blue', warn: 'orange', error: 'red' };
