import type { ProtectedBranchRow } from './protected-branches.repo';

/** What protects one branch: the most permissive of the rules that match it, as GitLab decides. */
export type BranchProtection = {
  pushAccessLevel: number;
  mergeAccessLevel: number;
  allowForcePush: boolean;
  /** Any matching rule requires code owner approval (GitLab's `branch_requires_code_owner_approval?`). */
  codeOwnerApprovalRequired: boolean;
};

type Rule = Pick<
  ProtectedBranchRow,
  'name' | 'pushAccessLevel' | 'mergeAccessLevel' | 'allowForcePush' | 'codeOwnerApprovalRequired'
>;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `*` in a rule matches any run of characters, slashes included (`release/*` covers `release/1/x`). */
export function ruleMatches(ruleName: string, branch: string): boolean {
  if (!ruleName.includes('*')) return ruleName === branch;
  const pattern = ruleName.split('*').map(escapeRegExp).join('.*');
  return new RegExp(`^${pattern}$`, 's').test(branch);
}

/** The lowest level that still lets someone in; 0 ("No one") only when every rule says so. */
const mostPermissive = (levels: number[]): number => {
  const open = levels.filter((level) => level > 0);
  return open.length ? Math.min(...open) : 0;
};

export function protectionFor(rules: readonly Rule[], branch: string): BranchProtection | null {
  const matching = rules.filter((rule) => ruleMatches(rule.name, branch));
  if (matching.length === 0) return null;
  return {
    pushAccessLevel: mostPermissive(matching.map((rule) => rule.pushAccessLevel)),
    mergeAccessLevel: mostPermissive(matching.map((rule) => rule.mergeAccessLevel)),
    allowForcePush: matching.some((rule) => rule.allowForcePush),
    codeOwnerApprovalRequired: matching.some((rule) => rule.codeOwnerApprovalRequired),
  };
}
