/** Push and merge levels a protected branch may name: No one, Developers + Maintainers, Maintainers, Admins. */
export const PROTECTED_ACCESS_LEVELS = [0, 30, 40, 60] as const;

export const protectedAccessLevelDescription = (level: number): string =>
  ({ 0: 'No one', 30: 'Developers + Maintainers', 40: 'Maintainers', 60: 'Admins' })[level] ?? 'Maintainers';
