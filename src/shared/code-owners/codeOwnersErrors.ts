/**
 * The CODEOWNERS syntax errors GitLab reports, by its codes, and the labels its
 * "CODEOWNERS syntax errors" panel shows for them. Each error names the line it was found on.
 */
export const CODE_OWNERS_SYNTAX_ERROR_CODES = [
  'invalid_section_format',
  'missing_section_name',
  'invalid_approval_requirement',
  'invalid_section_owner_format',
  'malformed_entry_owner',
  'missing_entry_owner',
] as const;
export type CodeOwnersSyntaxErrorCode = (typeof CODE_OWNERS_SYNTAX_ERROR_CODES)[number];

/**
 * Codes a server adds once it has looked the owners up (GitLab's owner validation); the pure
 * parser never produces them, but they share the panel. `invalid_entry_owner_format` is the code
 * GitLab's older parsers used for an entry whose owners name nobody.
 */
export const CODE_OWNERS_OWNER_ERROR_CODES = [
  'inaccessible_owner',
  'owner_without_permission',
  'unqualified_group',
  'group_without_eligible_approvers',
  'invalid_entry_owner_format',
] as const;
export type CodeOwnersOwnerErrorCode = (typeof CODE_OWNERS_OWNER_ERROR_CODES)[number];

export type CodeOwnersErrorCode = CodeOwnersSyntaxErrorCode | CodeOwnersOwnerErrorCode;

export interface CodeOwnersError {
  readonly code: CodeOwnersErrorCode;
  /** 1-based, as the file viewer numbers lines. */
  readonly lineNumber: number;
}

/** GitLab's labels for each code, word for word. */
export const CODE_OWNERS_ERROR_LABELS: Readonly<Record<CodeOwnersErrorCode, string>> = {
  invalid_section_format: 'Unparsable sections',
  missing_section_name: 'Missing section name',
  invalid_approval_requirement: 'Less than 1 required approvals',
  invalid_section_owner_format: 'Inaccessible owners',
  malformed_entry_owner: 'Malformed owners',
  missing_entry_owner: 'Zero owners',
  invalid_entry_owner_format: 'Entries with spaces',
  inaccessible_owner: 'Contains owners which are not accessible within the project',
  owner_without_permission: 'Contains owners without permission to approve merge requests',
  unqualified_group:
    'Group needs at least Developer access to the project for its members to approve merge requests',
  group_without_eligible_approvers: 'Group has no members with permission to approve merge requests',
};

/** The panel's other texts. */
export const CODE_OWNERS_VALIDATION_TEXTS = {
  syntaxValid: 'Syntax is valid.',
  showErrors: 'Show errors',
  hideErrors: 'Hide errors',
  line: 'Line',
  docsLink: 'How are errors handled?',
  loadError: 'An error occurred while loading the validation errors. Please try again later.',
} as const;

/** "Contains 1 syntax error." / "Contains 3 syntax errors." */
export function syntaxErrorsSummary(count: number): string {
  return count === 1 ? 'Contains 1 syntax error.' : `Contains ${count} syntax errors.`;
}

/** Errors grouped per code with their lines, in the order GitLab's GraphQL validation lists them. */
export function groupErrorsByCode(
  errors: readonly CodeOwnersError[],
): { code: CodeOwnersErrorCode; lines: number[] }[] {
  const byCode = new Map<CodeOwnersErrorCode, number[]>();
  for (const error of errors) {
    const lines = byCode.get(error.code) ?? [];
    lines.push(error.lineNumber);
    byCode.set(error.code, lines);
  }
  return [...byCode].map(([code, lines]) => ({ code, lines }));
}
