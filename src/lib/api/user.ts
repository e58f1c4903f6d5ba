import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  LogoutAllResponse,
  LogoutAllRequest,
  ProfileUpdateResponse,
  ProfileUpdateRequest,
  User,
  UserDataRequest,
} from '../../shared/contract';
import { http } from '../http';
import { readQueryData, type QueryData } from './query-data';
import { signedInQuery } from './signed-in';

export const userKeys = {
  all: ['user'] as const,
  /** The signed-in user, by the token's subject. */
  me: (subject: string | null) => [...userKeys.all, subject] as const,
};

/** POST /client/userdata {token}: the signed-in user (cached for offline use by the service worker). */
export function getUser(token: string): Promise<QueryData<User>> {
  const body: UserDataRequest = { token };
  return readQueryData<User>(http.post('client/userdata', { json: body }));
}

/** The signed-in user, keyed by the token's subject. A navigation's route loader starts it, so mounting a screen does not. */
export function userQuery() {
  return queryOptions({ ...signedInQuery(userKeys.me, getUser), refetchOnMount: false });
}

/** Every screen that shows the user shows this one (the server's answer to a change of it). */
export function setSignedInUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData<QueryData<User>>(userQuery().queryKey, { data: user, cachedAt: null });
}

/** PUT /api/user/profile (bearer token, added by the client): the updated user. */
export async function updateProfile(changes: ProfileUpdateRequest): Promise<User> {
  const response = await http.put('api/user/profile', { json: changes }).json<ProfileUpdateResponse>();
  return response.data;
}

/** POST /client/logoutAll (bearer token): ends every session of the user, this one included. */
export async function logOutEverywhere(): Promise<void> {
  const body: LogoutAllRequest = {};
  await http.post('client/logoutAll', { json: body }).json<LogoutAllResponse>();
}

/** Saves the profile; every screen that shows the user shows the saved one. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved) => setSignedInUser(queryClient, saved),
  });
}
