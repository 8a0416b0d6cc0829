import type { CodeOwnersEntry, CodeOwnersFile, CodeOwnersMatch } from '../code-owners';
import type { ApprovalRuleInput, UserId } from './approvalRules';

/**
 * The code owner rules of a merge request: one per (section, pattern) its changed paths fall
 * under, named by the pattern, requiring the section's `[n]` (GitLab raises 0 to 1 where the
 * branch requires code owner approval), never required in an optional `^[section]`.
 * `approversOf` resolves an entry's owners (names, e-mails, roles) to active users.
 */
export function codeOwnerApprovalRules(
  file: CodeOwnersFile,
  matches: readonly CodeOwnersMatch[],
  approversOf: (entry: CodeOwnersEntry) => readonly UserId[],
): ApprovalRuleInput[] {
  const optional = new Map(file.sections.map((section) => [section.name, section.optional]));
  return matches.map(({ entry }) => ({
    id: `${entry.section}:${entry.pattern}`,
    kind: 'code_owner',
    name: entry.pattern,
    section: entry.section,
    approvalsRequired: entry.approvalsRequired,
    approverIds: approversOf(entry),
    sectionOptional: optional.get(entry.section) ?? false,
  }));
}
