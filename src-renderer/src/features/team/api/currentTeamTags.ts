/**
 * Everything the server answers relative to the caller's current team. Switching, creating,
 * deleting or joining a team changes the current team, so all of it must be read again
 * (`User` too: its `currentTeamId` is what the shell joins the live-update room with).
 */
export const CURRENT_TEAM_TAGS = [
  'User', 'Project', 'ProjectMember', 'Team', 'TeamMember', 'Group', 'Vendor', 'Invite', 'Batch', 'Subject', 'Ontology',
  'Task', 'Workflow', 'TaskSubject', 'Note', 'Export', 'ExportPlan', 'Performance', 'LogUpload', 'LogSetting',
] as const;
