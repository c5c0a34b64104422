import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Page, PageQuery, Id } from './envelope';
import { FreeText, LineText, NameText } from '../model/textFields';

/** Ids as the conventions define them (kept local so no two route groups export the same name). */

/** The engaging team's display name for a vendor: 1 to 64 characters, not only spaces. */
export const VendorName = NameText(64);
/** The engaging team's free note about a vendor. */
export const VendorRemark = FreeText(512);

/** An outside team engaged by the current team, as the engaging team sees it. */
export const VendorItem = Type.Object({
  vendorId: Type.Integer(),
  vendorTeamId: Type.Integer(),
  /** the vendor team's own name */
  vendorTeamName: Type.String(),
  /** the engaging team's display name for it (defaults to the team's name) */
  name: Type.String(),
  remark: Type.String(),
  memberCount: Type.Integer(),
  /** how many of the engaging team's projects are shared with it */
  projectCount: Type.Integer(),
  createdAt: Type.Integer(),
});
export type VendorItem = Static<typeof VendorItem>;

/**
 * Engage a team the caller also runs (owner or admin of both): the caller consents for both
 * sides. Other teams become vendors only through the vendor code (POST /invite/accept/code).
 */
export const VendorCreateBody = Type.Object(
  { vendorTeamId: Id, name: Type.Optional(VendorName), remark: Type.Optional(VendorRemark) },
  { additionalProperties: false },
);
export type VendorCreateBody = Static<typeof VendorCreateBody>;

/** Body of PUT /vendor/{id}: only the fields given change. */
export const VendorUpdateBody = Type.Object(
  { name: Type.Optional(VendorName), remark: Type.Optional(VendorRemark) },
  { additionalProperties: false },
);
export type VendorUpdateBody = Static<typeof VendorUpdateBody>;

/** Filter of vendor lists: `name` matches the display name or the vendor team's name. */
const vendorFilter = { ...PageQuery, name: Type.Optional(LineText(64)) };

/** Body of POST /vendor/list. */
export const VendorListBody = Type.Object(vendorFilter, { additionalProperties: false });
export type VendorListBody = Static<typeof VendorListBody>;

/** Query of GET /team/{teamId}/vendor. */
export const TeamVendorQuery = Type.Object(vendorFilter);
export type TeamVendorQuery = Static<typeof TeamVendorQuery>;

/** Query of DELETE /vendor: vendor ids (vendorId), `?ids=1&ids=2`. */
export const VendorIdsQuery = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
export type VendorIdsQuery = Static<typeof VendorIdsQuery>;

/** Query of DELETE /vendor/v2: the vendors' team ids, `?vendorTeamIds=1&vendorTeamIds=2`. */
export const VendorTeamIdsQuery = Type.Object({ vendorTeamIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) });
export type VendorTeamIdsQuery = Static<typeof VendorTeamIdsQuery>;

const manage = { scope: 'currentTeam', action: 'team.vendor.manage' } as const;
const idParams = Type.Object({ id: Id });

/** The Vendor routes of the spec's section 7, and GET /team/{teamId}/vendor. */
export const vendorRoutes = {
  create: defineRoute({
    method: 'POST', path: '/vendor', tag: 'Vendor', auth: true, access: manage,
    summary: 'Engage another team the caller is owner or admin of as a vendor of the current team.',
    body: VendorCreateBody, data: VendorItem,
  }),
  removeMany: defineRoute({
    method: 'DELETE', path: '/vendor', tag: 'Vendor', auth: true, access: manage,
    summary: 'Disengage vendors by id (all or none); their project sharing ends with them.',
    querystring: VendorIdsQuery, data: Type.Null(),
  }),
  list: defineRoute({
    method: 'POST', path: '/vendor/list', tag: 'Vendor', auth: true, access: manage, readOnly: true,
    summary: 'The current team\'s vendors, newest first, with member and shared project counts.',
    body: VendorListBody, data: Page(VendorItem),
  }),
  removeByTeam: defineRoute({
    method: 'DELETE', path: '/vendor/v2', tag: 'Vendor', auth: true, access: manage,
    summary: 'Disengage vendors by their team ids (all or none); their project sharing ends with them.',
    querystring: VendorTeamIdsQuery, data: Type.Null(),
  }),
  update: defineRoute({
    method: 'PUT', path: '/vendor/:id', tag: 'Vendor', auth: true, access: manage,
    summary: 'Change the current team\'s display name or remark for one vendor.',
    params: idParams, body: VendorUpdateBody, data: VendorItem,
  }),
  remove: defineRoute({
    method: 'DELETE', path: '/vendor/:id', tag: 'Vendor', auth: true, access: manage,
    summary: 'Disengage one vendor; its project sharing ends with it.',
    params: idParams, data: Type.Null(),
  }),
  teamVendors: defineRoute({
    method: 'GET', path: '/team/:teamId/vendor', tag: 'Team', auth: true,
    access: { scope: 'team', action: 'team.vendor.manage', from: 'params', key: 'teamId' },
    summary: 'A team\'s vendors, newest first, with member and shared project counts.',
    params: Type.Object({ teamId: Id }), querystring: TeamVendorQuery, data: Page(VendorItem),
  }),
} as const;
