import { useState } from 'react';
import {
  APPROVAL_RULE_FORM_MESSAGES,
  validateApprovalRuleForm,
  type ApprovalRuleFormErrors,
} from '../../../shared/approvals';
import { approversOf } from './ApprovalRuleDialog';
import { ApprovalsRequiredField, ApproversField, RuleDialogFrame, RuleNameField } from './ApprovalRuleFields';
import type { Approver } from './ApproversPicker';
import type { MergeRequestRuleBody, ShownRule } from './mergeRequestRules';

/**
 * The form's checks, where a rule always has a name and approvers: a merge request has no
 * fallback count (an empty name with no approvers is not the project form's fallback here).
 */
function ruleErrors(input: Parameters<typeof validateApprovalRuleForm>[0]): ApprovalRuleFormErrors {
  const errors = validateApprovalRuleForm(input);
  if (input.name !== '' || input.approverCount > 0) return errors;
  return {
    ...errors,
    ...validateApprovalRuleForm({ ...input, multipleRules: true, approverCount: 0, name: ' ' }),
    name: APPROVAL_RULE_FORM_MESSAGES.ruleNameMissing,
  };
}

type Props = {
  fullPath: string;
  /** The rule edited; null for a new one. */
  rule: ShownRule | null;
  pending: boolean;
  /** The server's refusal of the last submission, if any. */
  failure: Error | null;
  onSave: (body: MergeRequestRuleBody) => void;
  onClose: () => void;
};

/**
 * A merge request's approval rule (002 §5): name, approvals required, approvers; no target branch,
 * the request has one. A rule that stands for a project rule may not ask fewer approvals than it.
 */
export function MergeRequestRuleDialog({ fullPath, rule, pending, failure, onSave, onClose }: Props) {
  const [name, setName] = useState(rule?.name ?? '');
  const [approvalsRequired, setApprovalsRequired] = useState(String(rule?.approvals_required ?? 1));
  const [approvers, setApprovers] = useState<Approver[]>(rule ? approversOf(rule) : []);
  const [submitted, setSubmitted] = useState(false);
  const minimum =
    rule === null
      ? 0
      : rule.origin === 'project'
        ? rule.approvals_required
        : 'source_rule' in rule
          ? (rule.source_rule?.approvals_required ?? 0)
          : 0;
  const formInput = {
    name: name.trim(),
    approvalsRequired,
    minApprovalsRequired: minimum,
    approverCount: approvers.length,
    multipleRules: true,
    mergeRequestEdit: true,
    branchesValid: true,
  };
  const serverErrors = failure ? [failure.message] : [];
  const errors: ApprovalRuleFormErrors = submitted ? ruleErrors({ ...formInput, serverErrors }) : {};
  const otherError = failure && !errors.name ? failure.message : null;

  const submit = () => {
    setSubmitted(true);
    if (Object.keys(ruleErrors(formInput)).length > 0) return;
    onSave({
      name: formInput.name,
      approvals_required: Number(approvalsRequired),
      user_ids: approvers.filter((a) => a.kind === 'user').map((a) => a.id),
      group_ids: approvers.filter((a) => a.kind === 'group').map((a) => a.id),
    });
  };

  return (
    <RuleDialogFrame
      editing={rule !== null}
      pending={pending}
      error={otherError}
      onSubmit={submit}
      onClose={onClose}
    >
      <RuleNameField value={name} error={errors.name} onChange={setName} />
      <ApprovalsRequiredField
        value={approvalsRequired}
        minimum={minimum}
        error={errors.approvalsRequired}
        onChange={setApprovalsRequired}
      />
      <ApproversField
        fullPath={fullPath}
        value={approvers}
        error={errors.approvers}
        onChange={setApprovers}
      />
    </RuleDialogFrame>
  );
}
