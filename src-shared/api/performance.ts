import { Type, type Static, type TSchema } from 'typebox';
import { defineRoute } from './route';
import { Id } from './envelope';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The longest date range one report covers, in days (a year, leap or not). */
export const PERFORMANCE_MAX_DAYS = 366;
/** Without `from`, a report covers this many days up to `to` (or today). */
export const PERFORMANCE_DEFAULT_DAYS = 30;

/** A UTC day as YYYY-MM-DD, or an instant in epoch ms (its UTC day is meant). */
const DateBound = Type.Union([Type.Integer({ minimum: 0, maximum: 253_402_300_799_999 }), Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })], {
  description: 'a UTC day (YYYY-MM-DD) or epoch ms (its UTC day); both ends are included',
});
const Ids = Type.Array(Id, { minItems: 1, maxItems: 1000 });

/** The filters every report takes; absent ones do not narrow. */
export const ReportFilters = {
  from: Type.Optional(DateBound),
  to: Type.Optional(DateBound),
  projectIds: Type.Optional(Ids),
  taskIds: Type.Optional(Ids),
  /** workflow steps (the spec's workflowId) */
  workflowIds: Type.Optional(Ids),
  userIds: Type.Optional(Ids),
  /** groups of the current team: their members' work */
  groupIds: Type.Optional(Ids),
  /** vendors the current team engages: their teams' members' work */
  vendorIds: Type.Optional(Ids),
};

export const REPORT_GROUPINGS = ['person', 'group', 'vendor', 'project', 'day'] as const;
export const ReportGrouping = Type.Union([Type.Literal('person'), Type.Literal('group'), Type.Literal('vendor'), Type.Literal('project'), Type.Literal('day')]);
export type ReportGrouping = Static<typeof ReportGrouping>;

export const ReportFilterBody = Type.Object(ReportFilters, closed);
export type ReportFilterBody = Static<typeof ReportFilterBody>;
/** A grouped report: `groupBy` defaults to person. */
export const GroupedReportBody = Type.Object({ ...ReportFilters, groupBy: Type.Optional(ReportGrouping) }, closed);
export type GroupedReportBody = Static<typeof GroupedReportBody>;

export const ReportExportBody = Type.Object(
  {
    ...ReportFilters,
    groupBy: Type.Optional(ReportGrouping),
    report: Type.Union([Type.Literal('summary'), Type.Literal('efficiency'), Type.Literal('personnel'), Type.Literal('quality'), Type.Literal('workload')]),
    format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]),
  },
  closed,
);
export type ReportExportBody = Static<typeof ReportExportBody>;

const Count = Type.Integer({ minimum: 0 });
/** A ratio or rate; null when its denominator is 0 (no active time, nothing reviewed). */
const Rate = Nullable(Type.Number({ minimum: 0 }));
/** What a row is about: a person, group, vendor, project (id, name) or a day (its UTC midnight in epoch ms, YYYY-MM-DD). */
export const ReportKey = Type.Object({
  /** null: members of no group, or people not working through a vendor (named after the team) */
  id: Nullable(Type.Integer()),
  name: Type.String(),
});
export type ReportKey = Static<typeof ReportKey>;
const Range = { from: Type.String(), to: Type.String() };

/** Hour-based figures of some work: shared by summary, efficiency and personnel. */
const Speed = {
  activeMs: Count,
  /** subjects handed on (submitted, passed or rejected) per hour of active time */
  subjectsPerHour: Rate,
  /** objects handed on per hour of active time */
  objectsPerHour: Rate,
  /** active milliseconds per subject handed on */
  activeMsPerSubject: Rate,
};
const FirstPass = {
  /** verdicts on work never rejected before */
  firstVerdicts: Count,
  /** of those, passes */
  firstPassAccepted: Count,
  /** firstPassAccepted / firstVerdicts */
  firstPassRate: Rate,
};

export const PerformanceSummary = Type.Object({
  ...Range,
  /** people with any counted work in the range */
  people: Count,
  claimed: Count,
  submitted: Count,
  submittedObjects: Count,
  reworkSubmits: Count,
  skipped: Count,
  /** verdicts given (passed + rejected) */
  reviewed: Count,
  passed: Count,
  rejected: Count,
  reviewedObjects: Count,
  ...Speed,
  ...FirstPass,
});
export type PerformanceSummary = Static<typeof PerformanceSummary>;

export const EfficiencyRow = Type.Object({ key: ReportKey, submitted: Count, reviewed: Count, subjects: Count, objects: Count, ...Speed });
export type EfficiencyRow = Static<typeof EfficiencyRow>;

export const PersonnelRow = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  /** masked (138****8000): reports are shared and exported */
  mobile: Type.String(),
  submitted: Count,
  submittedObjects: Count,
  /** verdicts they gave */
  reviewed: Count,
  reviewedObjects: Count,
  /** objects handed on (submitted + reviewed): the efficiency report's `objects` for the same person and range */
  objects: Count,
  ...Speed,
  ...FirstPass,
  rejectionsReceived: Count,
  reworkSubmits: Count,
});
export type PersonnelRow = Static<typeof PersonnelRow>;

export const RejectReasonCount = Type.Object({
  /** null: rejections that named no reason of the project's catalogue */
  reasonId: Nullable(Type.Integer()),
  /** catalogue: `reasonId` names it; typed: the reviewer wrote their own words only; none: no reason at all (API callers may) */
  kind: Type.Union([Type.Literal('catalogue'), Type.Literal('typed'), Type.Literal('none')]),
  name: Type.String(),
  count: Count,
});
export type RejectReasonCount = Static<typeof RejectReasonCount>;
export const QualityRow = Type.Object({
  key: ReportKey,
  /** verdicts received by the work (passed + rejected) */
  reviewed: Count,
  passed: Count,
  rejected: Count,
  ...FirstPass,
  reworkSubmits: Count,
  /** most frequent first */
  reasons: Type.Array(RejectReasonCount),
});
export type QualityRow = Static<typeof QualityRow>;

export const WorkloadRow = Type.Object({
  key: ReportKey,
  /** YYYY-MM-DD (UTC) */
  day: Type.String(),
  claimed: Count,
  submitted: Count,
  reviewed: Count,
  /** objects submitted and reviewed */
  objects: Count,
  activeMs: Count,
});
export type WorkloadRow = Static<typeof WorkloadRow>;

const Grouped = <T extends TSchema>(row: T) => Type.Object({ ...Range, groupBy: ReportGrouping, rows: Type.Array(row) });
export const EfficiencyReport = Grouped(EfficiencyRow);
export type EfficiencyReport = Static<typeof EfficiencyReport>;
export const QualityReport = Grouped(QualityRow);
export type QualityReport = Static<typeof QualityReport>;
export const WorkloadReport = Grouped(WorkloadRow);
export type WorkloadReport = Static<typeof WorkloadReport>;
export const PersonnelReport = Type.Object({ ...Range, rows: Type.Array(PersonnelRow) });
export type PersonnelReport = Static<typeof PersonnelReport>;

export const PerformanceScreen = Type.Object({
  /** the team's projects, and others' projects its members worked on (own: false) */
  projects: Type.Array(Type.Object({ projectId: Type.Integer(), name: Type.String(), own: Type.Boolean() })),
  tasks: Type.Array(
    Type.Object({
      taskId: Type.Integer(),
      projectId: Type.Integer(),
      name: Type.String(),
      steps: Type.Array(Type.Object({ workflowId: Type.Integer(), stepIndex: Type.Integer(), type: Type.String(), name: Type.String() })),
    }),
  ),
  /** the team's members, its vendors' members, and anyone with work on its projects */
  people: Type.Array(Type.Object({ userId: Type.Integer(), name: Type.String() })),
  groups: Type.Array(Type.Object({ groupId: Type.Integer(), name: Type.String() })),
  vendors: Type.Array(Type.Object({ vendorId: Type.Integer(), name: Type.String() })),
  /** the first and last UTC day with work in scope; null when there is none */
  dataSpan: Nullable(Type.Object(Range)),
  maxDays: Type.Integer(),
});
export type PerformanceScreen = Static<typeof PerformanceScreen>;

// Every report only reads (its filters come as a body).
const base = { tag: 'Performance', auth: true, readOnly: true, access: { scope: 'currentTeam', action: 'team.performance.read' } } as const;
const SCOPE =
  'Covers work on the current team\'s projects and work of its members elsewhere, per UTC day from `from` to `to` ' +
  `(default: the ${PERFORMANCE_DEFAULT_DAYS} days up to today; at most ${PERFORMANCE_MAX_DAYS} days). Figures: docs/performance-reports.md.`;

/** The Performance routes of the spec's section 7. */
export const performanceRoutes = {
  summary: defineRoute({
    ...base, method: 'POST', path: '/performance/summary',
    summary: `Totals of the range: work claimed, submitted, reviewed, active time, speed and first-pass acceptance. ${SCOPE}`,
    body: ReportFilterBody, data: PerformanceSummary,
  }),
  efficiency: defineRoute({
    ...base, method: 'POST', path: '/performance/efficiency',
    summary: `Subjects and objects per hour of active time and active time per subject, per person, group, vendor, project or day. ${SCOPE}`,
    body: GroupedReportBody, data: EfficiencyReport,
  }),
  personnel: defineRoute({
    ...base, method: 'POST', path: '/performance/personnel',
    summary: `Per person: work submitted, reviews done, active time, first-pass acceptance, rejections received, rework. ${SCOPE}`,
    body: ReportFilterBody, data: PersonnelReport,
  }),
  quality: defineRoute({
    ...base, method: 'POST', path: '/performance/quality',
    summary: `Verdicts the annotate work received, first-pass acceptance and rejection reasons, per person, group, vendor, project or day. ${SCOPE}`,
    body: GroupedReportBody, data: QualityReport,
  }),
  workload: defineRoute({
    ...base, method: 'POST', path: '/performance/workload',
    summary: `Per person, group, vendor or project and day (or per day): claimed, submitted, reviewed, objects, active time. ${SCOPE}`,
    body: GroupedReportBody, data: WorkloadReport,
  }),
  screen: defineRoute({
    ...base, method: 'POST', path: '/performance/screen',
    summary: 'The choices of the report filters: projects, tasks and their steps, people, groups, vendors, and the days with data.',
    body: Type.Object({}, closed), data: PerformanceScreen,
  }),
  export: defineRoute({
    ...base, method: 'POST', path: '/performance/export',
    summary: `One report as a CSV or XLSX file (column headers in the Accept-Language, zh or en), the same figures as its own call. ${SCOPE}`,
    body: ReportExportBody, data: Type.Null(),
  }),
} as const;
