import type { ProfileUpdateAnswer, ProfileUpdateRequest, User } from '../../../shared/contract';
import { http } from '../../../lib/http';

/** PUT /api/user/profile (bearer token, added by the client): the updated user. */
export async function updateProfile(changes: ProfileUpdateRequest): Promise<User> {
  const answer = await http.put('api/user/profile', { json: changes }).json<ProfileUpdateAnswer>();
  return answer.data;
}
