import { maskMobile } from '../../src-shared/model/mobile';

/**
 * Whose contact details a member list shows in full: every number to those the role table
 * lets see them (`team.member.contact`, `project.member.contact`), and each viewer their own.
 * Member repositories take one on every read, so no list can forget to mask; a route makes
 * its view from the request (plugins/contactViews.ts).
 */
export interface ContactView {
  viewerId: number;
  seesAll: boolean;
}

export const mobileFor = (view: ContactView, userId: number, mobile: string): string =>
  view.seesAll || view.viewerId === userId ? mobile : maskMobile(mobile);
