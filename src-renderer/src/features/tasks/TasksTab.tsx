import { Route, Routes } from 'react-router';
import { TaskDetailPage } from './TaskDetailPage';
import { TaskListPage } from './TaskListPage';

/** The tasks tab of a project: the list, and one task under `tasks/:taskId`. */
export function TasksTab() {
  return (
    <Routes>
      <Route index element={<TaskListPage />} />
      <Route path=":taskId" element={<TaskDetailPage />} />
    </Routes>
  );
}
