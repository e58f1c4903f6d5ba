import type { FailureTexts } from '../../lib/api/query-failure';

/** What Profile and Edit Profile say when the user cannot be loaded. */
export const PROFILE_TEXTS: FailureTexts = {
  noToken: 'No authentication token found',
  failed: 'Failed to load profile data',
};
