import { APPROVAL_RULE_FORM_MESSAGES, fill } from './approvalMessages';

/** The longest rule name we store; longer names are refused with the form's words. */
export const APPROVAL_RULE_NAME_MAX_LENGTH = 255;

export interface ApprovalRuleFormInput {
  readonly name: string;
  /** As typed: a number, or the text of a field that holds no number. */
  readonly approvalsRequired: number | string | null;
  /** The least a merge request rule may require (the project rule's count), else 0. */
  readonly minApprovalsRequired: number;
  readonly approverCount: number;
  /** Several named rules are allowed; otherwise only the single rule's count is edited. */
  readonly multipleRules: boolean;
  /** Edited on a merge request (no target branch choice). */
  readonly mergeRequestEdit: boolean;
  /** Every chosen target branch is "All branches", "All protected branches" or a known branch. */
  readonly branchesValid: boolean;
  /** The server's validation errors of the last submission, as `"name has already been taken"`. */
  readonly serverErrors?: readonly string[];
}

export interface ApprovalRuleFormErrors {
  readonly name?: string;
  readonly approvalsRequired?: string;
  readonly approvers?: string;
  readonly branches?: string;
}

/**
 * The rule form's checks (002 §5) as GitLab's form runs them. A submission with several rules
 * allowed but no name and no approvers is the fallback rule's count: its name and approvers are
 * not checked.
 */
export function validateApprovalRuleForm(input: ApprovalRuleFormInput): ApprovalRuleFormErrors {
  const fallback = input.multipleRules && input.name === '' && input.approverCount === 0;
  const named = input.multipleRules && !fallback;
  const errors: { -readonly [K in keyof ApprovalRuleFormErrors]: ApprovalRuleFormErrors[K] } = {};
  const name = named ? nameError(input) : null;
  if (name) errors.name = name;
  const approvals = approvalsRequiredError(input.approvalsRequired, input.minApprovalsRequired);
  if (approvals) errors.approvalsRequired = approvals;
  if (named && input.approverCount <= 0) errors.approvers = APPROVAL_RULE_FORM_MESSAGES.approversRequired;
  if (!input.mergeRequestEdit && !input.branchesValid)
    errors.branches = APPROVAL_RULE_FORM_MESSAGES.branchesRequired;
  return errors;
}

function nameError(input: ApprovalRuleFormInput): string | null {
  const serverErrors = input.serverErrors ?? [];
  if (serverErrors.includes('name has already been taken')) return APPROVAL_RULE_FORM_MESSAGES.ruleNameTaken;
  if (input.name === '') return APPROVAL_RULE_FORM_MESSAGES.ruleNameMissing;
  const tooLong = serverErrors
    .map((error) => /name is too long \(maximum is (\d+) characters\)/.exec(error))
    .find(Boolean);
  if (tooLong) return fill(APPROVAL_RULE_FORM_MESSAGES.ruleNameTooLong, { number: tooLong[1]! });
  if (input.name.length > APPROVAL_RULE_NAME_MAX_LENGTH) {
    return fill(APPROVAL_RULE_FORM_MESSAGES.ruleNameTooLong, { number: APPROVAL_RULE_NAME_MAX_LENGTH });
  }
  return null;
}

/** "Please enter a valid number", "... non-negative number", "... greater than {n} (from the project settings)". */
export function approvalsRequiredError(value: number | string | null, minimum: number): string | null {
  const number = asNumber(value);
  if (number === null) return APPROVAL_RULE_FORM_MESSAGES.approvalsRequiredNotNumber;
  if (number < 0) return APPROVAL_RULE_FORM_MESSAGES.approvalsRequiredNegative;
  if (number < minimum)
    return fill(APPROVAL_RULE_FORM_MESSAGES.approvalsRequiredMinimum, { number: minimum });
  return null;
}

/** A number field's value: numbers as typed, numeric text converted, anything else none. */
function asNumber(value: number | string | null): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The server's words for a name that is too long, which the form turns into its own message. */
export const ruleNameTooLongServerError = (maximum: number = APPROVAL_RULE_NAME_MAX_LENGTH): string =>
  `name is too long (maximum is ${maximum} characters)`;
