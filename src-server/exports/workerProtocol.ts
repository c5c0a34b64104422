import type { ServerConfig } from '../config';
import type { ExportReportData } from '../../src-shared/api/export';
import type { ClaimedExport } from '../repositories/exports';
import type { StopReason } from './runControl';

/** What an export worker is started with. */
export interface ExportWorkerData {
  config: ServerConfig;
  job: ClaimedExport;
}

/** runner -> worker */
export type ToExportWorker = { type: 'stop'; reason: StopReason };

/** worker -> runner; `ended` is the last message of a run that did not finish. */
export type FromExportWorker =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; report: ExportReportData; size: number; objectKey: string; total: number }
  | { type: 'ended'; stopped: StopReason | null; code: string; message: string };
