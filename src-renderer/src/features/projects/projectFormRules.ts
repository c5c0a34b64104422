import type { TFunction } from 'i18next';
import type { FormRule } from 'antd';
import { textRule } from '../../app/textRule';

/** The limits of a project's name and description (the server's: 64 and 1,024 characters), for the create dialog and the settings page alike. */
export const projectNameRules = (t: TFunction): FormRule[] => [
  { required: true, whitespace: true, message: t('project.create.nameRequired') },
  { max: 64, message: t('project.create.nameTooLong', { max: 64 }) },
  textRule(t),
];
export const projectDescriptionRules = (t: TFunction): FormRule[] => [{ max: 1024, message: t('project.create.descriptionTooLong', { max: 1024 }) }, textRule(t, 'text')];
