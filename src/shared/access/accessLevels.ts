/** GitLab's member access levels, by their API numbers. */
export const ACCESS_LEVELS = {
  noAccess: 0,
  guest: 10,
  reporter: 20,
  developer: 30,
  maintainer: 40,
  owner: 50,
} as const;

export type AccessLevel = (typeof ACCESS_LEVELS)[keyof typeof ACCESS_LEVELS];

export const MEMBER_ACCESS_LEVELS = [10, 20, 30, 40, 50] as const;

export const accessLevelName = (level: number): string =>
  ({ 0: 'No access', 10: 'Guest', 20: 'Reporter', 30: 'Developer', 40: 'Maintainer', 50: 'Owner' })[level] ??
  'Custom';

export type Visibility = 'private' | 'internal' | 'public';
export const VISIBILITIES = ['private', 'internal', 'public'] as const;

const VISIBILITY_RANK = { private: 0, internal: 1, public: 2 } as const;

/** A project or subgroup may not be more visible than the group it sits in. */
export const exceedsVisibility = (child: Visibility, parent: Visibility): boolean =>
  VISIBILITY_RANK[child] > VISIBILITY_RANK[parent];

export const visibilityNotAllowedMessage = (child: Visibility, parent: Visibility): string =>
  `Visibility level ${child} is not allowed in ${parent === 'internal' ? 'an' : 'a'} ${parent} group.`;
