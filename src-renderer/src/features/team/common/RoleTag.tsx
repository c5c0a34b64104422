import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TeamRole } from '../../../../../src-shared/model/permissions';

const COLORS: Record<TeamRole, string> = { owner: 'gold', admin: 'red', manager: 'blue', reviewer: 'purple', annotator: 'green' };

/** A team role as a coloured, translated tag. */
export function RoleTag({ role }: { role: TeamRole }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[role]}>{t(`team.roles.${role}`)}</Tag>;
}
