import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { TeamDescription, TeamName } from '../../../../../src-shared/api/team';
import { GroupName } from '../../../../../src-shared/api/group';
import { textRule } from '../../../app/textRule';

/** Limits read from the server's own schemas, so the form and the server never disagree. */
const maxOf = (schema: object) => (schema as { maxLength?: number }).maxLength ?? 64;
export const TEAM_NAME_MAX = maxOf(TeamName);
export const TEAM_DESCRIPTION_MAX = maxOf(TeamDescription);
export const GROUP_NAME_MAX = maxOf(GroupName);

/** A required name that is not only spaces, up to `max` characters. */
export const nameRules = (t: TFunction, max: number): FormRule[] => [
  { required: true, whitespace: true, message: t('team.validation.nameRequired') },
  { max, message: t('team.validation.tooLong', { max }) },
  textRule(t),
];

export const teamNameRules = (t: TFunction) => nameRules(t, TEAM_NAME_MAX);
export const groupNameRules = (t: TFunction) => nameRules(t, GROUP_NAME_MAX);
export const teamDescriptionRules = (t: TFunction): FormRule[] => [
  { max: TEAM_DESCRIPTION_MAX, message: t('team.validation.tooLong', { max: TEAM_DESCRIPTION_MAX }) },
  textRule(t, 'text'),
];
