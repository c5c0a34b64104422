/** Texts of the project routes' error keys (src-shared/api/errorKeys/project.ts), in both languages. */
export const projectErrorsZh = {
  notFound: '项目不存在，或你没有查看它的权限',
};

export const projectErrorsEn: Record<keyof typeof projectErrorsZh, string> = {
  notFound: 'This project does not exist, or you may not see it.',
};
