import type { AppInfo } from '../../../../src-shared/ipc/app';
import { log } from './index';

/**
 * The renderer's start-up record (info): what ops need to read everything after it, the
 * workstation's version and host, the interface language, the screen and the window, and the
 * user agent (Chromium and Electron versions, platform) in `remark`.
 */
export function logStartup(info: Pick<AppInfo, 'version' | 'host'>, language: string): void {
  const { screen, devicePixelRatio: dpr, innerWidth, innerHeight } = window;
  log.info(
    `renderer started: workstation ${info.version} (${info.host}), language ${language}, screen ${screen.width}x${screen.height} @${dpr}x, window ${innerWidth}x${innerHeight}`,
    { remark: navigator.userAgent },
  );
}
