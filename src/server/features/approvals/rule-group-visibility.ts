import { can, type Actor } from '../../auth/permissions';
import type { NamespacesService } from '../namespaces/namespaces.service';
import type { ProjectContext } from '../projects/projects.service';
import type { RuleGroup } from './approval-rules.repo';

export type { RuleGroup };

/** The ids of the groups, among these, that the actor may read. */
export type GroupReader = (actor: Actor, groups: readonly RuleGroup[]) => Promise<Set<number>>;

/** A group is readable when public (internal for the signed-in), or the actor is a member of it or an ancestor. */
export function createGroupReader(namespaces: Pick<NamespacesService, 'groupAccessLevelOf'>): GroupReader {
  return async (actor, groups) => {
    const readable = await Promise.all(
      groups.map(async (group) => {
        const accessLevel = actor ? await namespaces.groupAccessLevelOf(actor.id, group.id) : 0;
        return can(actor, 'read_group', { type: 'group', visibility: group.visibility, accessLevel });
      }),
    );
    return new Set(groups.filter((_, index) => readable[index]).map((group) => group.id));
  };
}

/** A rule's groups as one viewer sees them (GitLab's `contains_hidden_groups`). */
export type RuleGroupsView = {
  /** The groups the viewer may read; the others are left out. */
  groups: RuleGroup[];
  containsHiddenGroups: boolean;
  /**
   * Whether the rule's eligible approvers may be listed: a project member sees them (the members
   * page shows them anyway); anyone else does not when some may come from a hidden group.
   */
  showApprovers: boolean;
};

export function ruleGroupsView(
  groups: readonly RuleGroup[],
  readable: ReadonlySet<number>,
  viewerIsMember: boolean,
): RuleGroupsView {
  const visible = groups.filter((group) => readable.has(group.id));
  const containsHiddenGroups = visible.length < groups.length;
  return { groups: visible, containsHiddenGroups, showApprovers: viewerIsMember || !containsHiddenGroups };
}

/** Each rule's groups as the viewer of `ctx` sees them, by rule id. */
export async function ruleGroupsViews(
  read: GroupReader,
  actor: Actor,
  ctx: ProjectContext,
  rules: ReadonlyArray<{ id: number; ruleType: string; groups: RuleGroup[] }>,
): Promise<Map<number, RuleGroupsView>> {
  // The any-approver rule names no groups, whatever was stored with it.
  const groupsOf = (rule: (typeof rules)[number]) => (rule.ruleType === 'any_approver' ? [] : rule.groups);
  const readable = await read(actor, rules.flatMap(groupsOf));
  const member = ctx.accessLevel > 0 || (actor?.admin ?? false);
  return new Map(rules.map((rule) => [rule.id, ruleGroupsView(groupsOf(rule), readable, member)]));
}

/**
 * The groups a rule edit leaves on the rule: of the `group_ids` given, those the actor may read
 * (others are left out, as unknown ones are); the hidden groups already on it stay unless
 * `remove_hidden_groups` asks otherwise, since the editor could not have listed them.
 */
export async function editedGroupIds(
  read: GroupReader,
  actor: Actor,
  given: readonly RuleGroup[] | undefined,
  current: readonly RuleGroup[],
  removeHiddenGroups: boolean,
): Promise<number[] | undefined> {
  if (given === undefined) return undefined;
  const readable = await read(actor, [...given, ...current]);
  const kept = removeHiddenGroups ? [] : current.filter((group) => !readable.has(group.id));
  return [...new Set([...given.filter((group) => readable.has(group.id)), ...kept].map((group) => group.id))];
}
