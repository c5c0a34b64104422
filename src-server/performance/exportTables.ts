import type {
  EfficiencyReport,
  PerformanceSummary,
  PersonnelReport,
  QualityReport,
  ReportGrouping,
  ReportKey,
  WorkloadReport,
} from '../../src-shared/api/performance';

export type ExportLanguage = 'zh' | 'en';
export type Cell = string | number | null;

/** One report as a table: what the CSV and the XLSX sheet hold, cell for cell. */
export interface ReportTable {
  /** the sheet's name */
  title: string;
  headers: string[];
  rows: Cell[][];
}

/** The answer of one report call, tagged with the report it came from. */
export type ReportData =
  | { report: 'summary'; data: PerformanceSummary }
  | { report: 'efficiency'; data: EfficiencyReport }
  | { report: 'personnel'; data: PersonnelReport }
  | { report: 'quality'; data: QualityReport }
  | { report: 'workload'; data: WorkloadReport };

type Text = Record<ExportLanguage, string>;
const T = (zh: string, en: string): Text => ({ zh, en });

const TITLES: Record<ReportData['report'], Text> = {
  summary: T('汇总', 'Summary'),
  efficiency: T('效率', 'Efficiency'),
  personnel: T('人员', 'Personnel'),
  quality: T('质量', 'Quality'),
  workload: T('工作量', 'Workload'),
};
const KEY_HEADERS: Record<ReportGrouping, Text> = {
  person: T('人员', 'Person'),
  group: T('小组', 'Group'),
  vendor: T('供应商', 'Vendor'),
  project: T('项目', 'Project'),
  day: T('日期', 'Day'),
};
const H = {
  from: T('开始日期', 'From'),
  to: T('结束日期', 'To'),
  people: T('人数', 'People'),
  claimed: T('领取数', 'Claimed'),
  submitted: T('提交数', 'Submitted'),
  submittedObjects: T('提交对象数', 'Objects submitted'),
  reworkSubmits: T('返工提交数', 'Rework submissions'),
  skipped: T('跳过数', 'Skipped'),
  reviewed: T('审核数', 'Reviewed'),
  reviewedObjects: T('审核对象数', 'Objects reviewed'),
  passed: T('通过数', 'Passed'),
  rejected: T('驳回数', 'Rejected'),
  subjects: T('处理数据数', 'Subjects handled'),
  objects: T('对象数', 'Objects'),
  activeMs: T('有效时长（毫秒）', 'Active time (ms)'),
  subjectsPerHour: T('每小时数据数', 'Subjects per hour'),
  objectsPerHour: T('每小时对象数', 'Objects per hour'),
  activeMsPerSubject: T('每条数据有效时长（毫秒）', 'Active ms per subject'),
  firstVerdicts: T('首次审核数', 'First reviews'),
  firstPassAccepted: T('一次通过数', 'First-pass accepted'),
  firstPassRate: T('一次通过率', 'First-pass rate'),
  userId: T('用户 ID', 'User ID'),
  name: T('姓名', 'Name'),
  mobile: T('手机号', 'Mobile'),
  rejectionsReceived: T('被驳回数', 'Rejections received'),
  reasons: T('驳回原因', 'Rejection reasons'),
  day: T('日期', 'Day'),
} satisfies Record<string, Text>;
const NO_GROUP = T('未分组', 'No group');
const NO_REASON = T('未给原因', 'No reason given');
const TYPED_REASON = T('审核人自填原因', "In the reviewer's own words");

/** How a key reads in a file: a nameless group is "no group". */
const keyName = (key: ReportKey, groupBy: ReportGrouping, lang: ExportLanguage) => (groupBy === 'group' && key.id === null ? NO_GROUP[lang] : key.name);

/** The report as a table, headers in `lang`; the figures are the call's own, unchanged. */
export function reportTable(r: ReportData, lang: ExportLanguage): ReportTable {
  const h = (...keys: (keyof typeof H)[]) => keys.map((k) => H[k][lang]);
  const title = TITLES[r.report][lang];
  switch (r.report) {
    case 'summary': {
      const d = r.data;
      const cols = ['from', 'to', 'people', 'claimed', 'submitted', 'submittedObjects', 'reworkSubmits', 'skipped', 'reviewed', 'passed', 'rejected',
        'reviewedObjects', 'activeMs', 'subjectsPerHour', 'objectsPerHour', 'activeMsPerSubject', 'firstVerdicts', 'firstPassAccepted', 'firstPassRate'] as const;
      return { title, headers: h(...cols), rows: [cols.map((c) => d[c])] };
    }
    case 'efficiency': {
      const d = r.data;
      const cols = ['submitted', 'reviewed', 'subjects', 'objects', 'activeMs', 'subjectsPerHour', 'objectsPerHour', 'activeMsPerSubject'] as const;
      return { title, headers: [KEY_HEADERS[d.groupBy][lang], ...h(...cols)], rows: d.rows.map((row) => [keyName(row.key, d.groupBy, lang), ...cols.map((c) => row[c])]) };
    }
    case 'personnel': {
      const cols = ['userId', 'name', 'mobile', 'submitted', 'submittedObjects', 'reviewed', 'reviewedObjects', 'activeMs', 'subjectsPerHour', 'objectsPerHour',
        'activeMsPerSubject', 'firstVerdicts', 'firstPassAccepted', 'firstPassRate', 'rejectionsReceived', 'reworkSubmits'] as const;
      return { title, headers: h(...cols), rows: r.data.rows.map((row) => cols.map((c) => row[c])) };
    }
    case 'quality': {
      const d = r.data;
      const cols = ['reviewed', 'passed', 'rejected', 'firstVerdicts', 'firstPassAccepted', 'firstPassRate', 'reworkSubmits'] as const;
      const reasons = (list: QualityReport['rows'][number]['reasons']) =>
        list.map((x) => `${x.kind === 'catalogue' ? x.name : x.kind === 'typed' ? TYPED_REASON[lang] : NO_REASON[lang]} × ${x.count}`).join('; ');
      return {
        title,
        headers: [KEY_HEADERS[d.groupBy][lang], ...h(...cols, 'reasons')],
        rows: d.rows.map((row) => [keyName(row.key, d.groupBy, lang), ...cols.map((c) => row[c]), reasons(row.reasons)]),
      };
    }
    case 'workload': {
      const d = r.data;
      const cols = ['claimed', 'submitted', 'reviewed', 'objects', 'activeMs'] as const;
      const keyed = d.groupBy !== 'day';
      return {
        title,
        headers: [...(keyed ? [KEY_HEADERS[d.groupBy][lang]] : []), ...h('day', ...cols)],
        rows: d.rows.map((row) => [...(keyed ? [keyName(row.key, d.groupBy, lang)] : []), row.day, ...cols.map((c) => row[c])]),
      };
    }
  }
}

/**
 * The language of the column headers: the first of zh or en in the Accept-Language header by
 * its q weights; Chinese when it names neither (the product's first language).
 */
export function exportLanguage(acceptLanguage: string | undefined): ExportLanguage {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(params.map((p) => p.trim()).find((p) => p.startsWith('q='))?.slice(2) ?? 1);
      return { lang: tag.split('-')[0], q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x): x is { lang: ExportLanguage; q: number; i: number } => (x.lang === 'zh' || x.lang === 'en') && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked[0]?.lang ?? 'zh';
}
