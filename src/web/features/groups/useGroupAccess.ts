import { useMyAccessLevel } from '../members/queries';
import { useSession } from '../../lib/useSession';

/** The viewer's effective level in a group (Owner for administrators, 0 for strangers and visitors). */
export function useGroupAccess(fullPath: string): number {
  const user = useSession().data?.user;
  const level = useMyAccessLevel({ kind: 'groups', fullPath }, user?.id);
  if (user?.admin) return 50;
  return level.data ?? 0;
}
