/**
 * Why the lifecycle refused a transition: an HTTP error with its status (400 bad input, 403 not
 * theirs or not their role, 404 unknown, 409 the state does not allow it, 423 locked), so a route
 * passes it on as it is and the command line prints its message.
 */
import { HttpError } from '../http/errors';

export class TaskRefused extends HttpError {
  constructor(status: 400 | 403 | 404 | 409 | 423, message: string) {
    super(status, message);
  }
}

export const taskNotFound = () => new TaskRefused(404, 'Task not found');
