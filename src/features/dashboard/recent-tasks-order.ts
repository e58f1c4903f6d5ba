import type { Task } from '../../shared/contract';

function timeOf(task: Task): number {
  const time = new Date(task.datetime).getTime();
  return Number.isNaN(time) ? 0 : time;
}

/** Recent Tasks are listed newest first (the server answers oldest first). */
export function newestFirst(tasks: readonly Task[]): Task[] {
  return tasks
    .map((task, index) => ({ task, index }))
    .sort((a, b) => timeOf(b.task) - timeOf(a.task) || b.index - a.index)
    .map(({ task }) => task);
}
