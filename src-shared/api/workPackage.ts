import { Type, type Static } from 'typebox';
import { Id } from './envelope';
import { WORK_PACKAGE_SETTINGS } from '../model/workPackageSettings';

const closed = { additionalProperties: false } as const;

/** open: leased; returned: given back by its holder or a dispatcher; lapsed: its lease ran out. */
export const WorkPackageState = Type.Union([Type.Literal('open'), Type.Literal('returned'), Type.Literal('lapsed')]);
export type WorkPackageState = Static<typeof WorkPackageState>;

/** A work package as lists show it: who holds it, until when, how far they are. */
export const WorkPackageSummary = Type.Object({
  packageId: Type.Integer(),
  projectId: Type.Integer(),
  taskId: Type.Integer(),
  workflowId: Type.Integer(),
  holderId: Type.Integer(),
  holderName: Type.String(),
  createdAt: Type.Integer(),
  expiresAt: Type.Integer(),
  state: WorkPackageState,
  /** items still leased (held by the holder at the package's step) */
  itemCount: Type.Integer(),
  /** of those, the ones with an accepted save or active time from the holder since they took them */
  startedCount: Type.Integer(),
});
export type WorkPackageSummary = Static<typeof WorkPackageSummary>;

export const PackageTakeBody = Type.Object(
  {
    projectId: Id,
    taskId: Id,
    workflowId: Id,
    /** how many items at most; the project's packageSize caps it (and is the default) */
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: WORK_PACKAGE_SETTINGS.packageSize.max })),
  },
  closed,
);
export type PackageTakeBody = Static<typeof PackageTakeBody>;

export const PackageListQuery = Type.Object({ projectId: Id }, closed);

export const PackageReturnBody = Type.Object(
  {
    /** the package's project: the access rule checks the caller's role there */
    projectId: Id,
    packageId: Id,
    /** default: every item the caller may give back (the holder: the unstarted ones) */
    taskSubjectIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: WORK_PACKAGE_SETTINGS.packageSize.max, uniqueItems: true })),
  },
  closed,
);
export type PackageReturnBody = Static<typeof PackageReturnBody>;

/** What a return did: the items given back (started ones among them only for a dispatcher), and the package after. */
export const PackageReturnResult = Type.Object({
  returnedIds: Type.Array(Type.Integer()),
  /** of those, the ones the holder had started: their edits stay on the server at the version they reached */
  startedIds: Type.Array(Type.Integer()),
  package: WorkPackageSummary,
});
export type PackageReturnResult = Static<typeof PackageReturnResult>;
