import { FormControl } from '@primer/react';
import { useState } from 'react';
import { validateApprovalRuleForm, type ApprovalRuleFormErrors } from '../../../shared/approvals';
import { ApprovalsRequiredField, ApproversField, RuleDialogFrame, RuleNameField } from './ApprovalRuleFields';
import type { Approver } from './ApproversPicker';
import { ProtectedBranchPicker, type BranchChoice } from './ProtectedBranchPicker';
import {
  useSaveApprovalRule,
  useSaveFallbackApprovals,
  type ApprovalRuleBody,
  type ProjectApprovalRule,
} from './settingsQueries';

type Props = {
  fullPath: string;
  /** The rule edited; null for a new one, or for the fallback count (`fallbackCount`). */
  rule: ProjectApprovalRule | null;
  fallbackCount?: number;
  /** A new rule's name to start from (the Coverage-Check's "Enable"). */
  defaultName?: string;
  onClose: () => void;
};

/** A rule's users and groups as the approvers picker holds them. */
export const approversOf = (rule: Pick<ProjectApprovalRule, 'users' | 'groups'>): Approver[] => [
  ...rule.users.map((user) => ({
    kind: 'user' as const,
    id: user.id,
    name: user.name,
    username: user.username,
  })),
  ...rule.groups.map((group) => ({
    kind: 'group' as const,
    id: group.id,
    name: group.name,
    fullPath: group.full_path,
  })),
];

const branchesOf = (rule: ProjectApprovalRule): BranchChoice =>
  rule.applies_to_all_protected_branches
    ? { kind: 'allProtected' }
    : rule.protected_branches.length > 0
      ? { kind: 'branches', branches: rule.protected_branches }
      : { kind: 'all' };

function bodyOf(
  name: string,
  approvalsRequired: string,
  approvers: Approver[],
  branches: BranchChoice,
): ApprovalRuleBody {
  return {
    name,
    approvals_required: Number(approvalsRequired),
    user_ids: approvers.filter((a) => a.kind === 'user').map((a) => a.id),
    group_ids: approvers.filter((a) => a.kind === 'group').map((a) => a.id),
    protected_branch_ids: branches.kind === 'branches' ? branches.branches.map((b) => b.id) : [],
    applies_to_all_protected_branches: branches.kind === 'allProtected',
  };
}

/** The project's approval rule form (002 §5): every check of the spec, said under its field. */
export function ApprovalRuleDialog({ fullPath, rule, fallbackCount, defaultName, onClose }: Props) {
  const saveRule = useSaveApprovalRule(fullPath);
  const saveFallback = useSaveFallbackApprovals(fullPath);
  const [name, setName] = useState(rule?.name ?? defaultName ?? '');
  const [approvalsRequired, setApprovalsRequired] = useState(
    String(rule?.approvals_required ?? fallbackCount ?? 1),
  );
  const [approvers, setApprovers] = useState<Approver[]>(rule ? approversOf(rule) : []);
  const [branches, setBranches] = useState<BranchChoice>(rule ? branchesOf(rule) : { kind: 'all' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);

  const formInput = {
    name: name.trim(),
    approvalsRequired,
    minApprovalsRequired: 0,
    approverCount: approvers.length,
    multipleRules: true,
    mergeRequestEdit: false,
    // The picker offers only the project's protected branches and the two "All" choices.
    branchesValid: true,
  };
  const errors: ApprovalRuleFormErrors = submitted
    ? validateApprovalRuleForm({ ...formInput, serverErrors })
    : {};
  // A refusal the form has no field for is said above the fields.
  const failure = saveRule.error ?? saveFallback.error;
  const otherError = failure && !errors.name ? failure.message : null;
  const pending = saveRule.isPending || saveFallback.isPending;

  const submit = () => {
    setSubmitted(true);
    setServerErrors([]);
    if (Object.keys(validateApprovalRuleForm(formInput)).length > 0) return;
    const onError = (error: Error) => setServerErrors([error.message]);
    // Without a name and approvers, the form sets the fallback count (002 §5, GitLab's rule form).
    if (formInput.name === '' && approvers.length === 0) {
      saveFallback.mutate(Number(approvalsRequired), { onSuccess: onClose, onError });
      return;
    }
    saveRule.mutate(
      { id: rule?.id ?? null, body: bodyOf(formInput.name, approvalsRequired, approvers, branches) },
      { onSuccess: onClose, onError },
    );
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
      <FormControl>
        <FormControl.Label>Target branch</FormControl.Label>
        <ProtectedBranchPicker
          fullPath={fullPath}
          value={branches}
          onChange={setBranches}
          invalid={Boolean(errors.branches)}
        />
        {errors.branches && (
          <FormControl.Validation variant="error">{errors.branches}</FormControl.Validation>
        )}
      </FormControl>
      <ApprovalsRequiredField
        value={approvalsRequired}
        minimum={0}
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
