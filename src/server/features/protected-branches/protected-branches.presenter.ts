import { protectedAccessLevelDescription } from '../../../shared/access/protectedAccessLevels';
import type { ProtectedBranch } from '../../../shared/api/repository';
import type { ProtectedBranchRow } from './protected-branches.repo';

/** One rule holds one level per kind, so the entry shares the rule's id, as in a fresh GitLab rule. */
const levelEntry = (row: ProtectedBranchRow, level: number) => ({
  id: row.id,
  access_level: level,
  access_level_description: protectedAccessLevelDescription(level),
  deploy_key_id: null,
  user_id: null,
  group_id: null,
});

export function presentProtectedBranch(row: ProtectedBranchRow): ProtectedBranch {
  return {
    id: row.id,
    name: row.name,
    push_access_levels: [levelEntry(row, row.pushAccessLevel)],
    merge_access_levels: [levelEntry(row, row.mergeAccessLevel)],
    unprotect_access_levels: [],
    allow_force_push: row.allowForcePush,
    code_owner_approval_required: row.codeOwnerApprovalRequired,
  };
}
