import { PencilIcon, TrashIcon } from '@primer/octicons-react';
import { Button, Flash, IconButton, Link, Spinner, useConfirm, VisuallyHidden } from '@primer/react';
import { useState } from 'react';
import { APPROVAL_RULE_TEXTS, COVERAGE_CHECK_NAME, COVERAGE_CHECK_TEXTS } from '../../../shared/approvals';
import { ApprovalRuleDialog } from './ApprovalRuleDialog';
import { approversText, RuleRowActions } from './ApprovalRuleFields';
import { branchChoiceText } from './ProtectedBranchPicker';
import {
  useDeleteApprovalRule,
  useProjectApprovalRules,
  useProjectApprovals,
  useSaveFallbackApprovals,
  type ProjectApprovalRule,
} from './settingsQueries';

type Editing =
  | { kind: 'closed' }
  | { kind: 'new'; name?: string }
  | { kind: 'edit'; rule: ProjectApprovalRule }
  | { kind: 'fallback'; count: number };

const targetBranches = (rule: ProjectApprovalRule) =>
  branchChoiceText(
    rule.applies_to_all_protected_branches
      ? { kind: 'allProtected' }
      : { kind: 'branches', branches: rule.protected_branches },
  );

/** The project's approval rules: which approvals merge requests into which branches need. */
export function ApprovalRulesSection({ fullPath }: { fullPath: string }) {
  const rules = useProjectApprovalRules(fullPath);
  const remove = useDeleteApprovalRule(fullPath);
  const projectApprovals = useProjectApprovals(fullPath);
  const fallback = useSaveFallbackApprovals(fullPath);
  // The fallback count applies only where no named rule does, and shows only then.
  const fallbackCount = rules.data?.length === 0 ? (projectApprovals.data?.approvals_before_merge ?? 0) : 0;
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });

  const onRemove = async (rule: ProjectApprovalRule) => {
    const sure = await confirm({
      title: 'Delete approval rule?',
      content: `You are about to remove the ${rule.name} approver group which has ${rule.users.length + rule.groups.length} members.`,
      confirmButtonContent: 'Remove approvers',
      confirmButtonType: 'danger',
    });
    if (sure) remove.mutate(rule.id);
  };

  return (
    <div className="stack">
      {rules.isError && <Flash variant="danger">{rules.error.message}</Flash>}
      {remove.isError && <Flash variant="danger">{remove.error.message}</Flash>}
      {fallback.isError && <Flash variant="danger">{fallback.error.message}</Flash>}
      {rules.isPending ? (
        <Spinner size="small" srText="Loading approval rules" />
      ) : (
        <table className="approval-rules-table" aria-label="Approval rules">
          <thead>
            <tr>
              <th scope="col">Rule</th>
              <th scope="col">{APPROVAL_RULE_TEXTS.approvers}</th>
              <th scope="col">Target branch</th>
              <th scope="col">Required approvals</th>
              <th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </th>
            </tr>
          </thead>
          <tbody>
            {fallbackCount > 0 && (
              <tr>
                <td className="approval-rules-table__name">{APPROVAL_RULE_TEXTS.allMembers}</td>
                <td>{APPROVAL_RULE_TEXTS.anyEligibleUser}</td>
                <td>{branchChoiceText({ kind: 'all' })}</td>
                <td>{fallbackCount}</td>
                <td className="approval-rules-table__actions">
                  <IconButton
                    icon={PencilIcon}
                    aria-label={`Edit ${APPROVAL_RULE_TEXTS.allMembers}`}
                    variant="invisible"
                    onClick={() => setEditing({ kind: 'fallback', count: fallbackCount })}
                  />
                  <IconButton
                    icon={TrashIcon}
                    aria-label={`Delete ${APPROVAL_RULE_TEXTS.allMembers}`}
                    variant="invisible"
                    onClick={() => fallback.mutate(0)}
                  />
                </td>
              </tr>
            )}
            {rules.data?.length === 0 && fallbackCount === 0 && (
              <tr>
                <td colSpan={5} className="muted">
                  No approval rules yet: merge requests need no approval.
                </td>
              </tr>
            )}
            {rules.data?.map((rule) => (
              <tr key={rule.id}>
                <td className="approval-rules-table__name">
                  {rule.name}
                  {rule.name === COVERAGE_CHECK_NAME && (
                    <div className="muted">{COVERAGE_CHECK_TEXTS.popover}</div>
                  )}
                </td>
                <td>{approversText(rule)}</td>
                <td>{targetBranches(rule)}</td>
                <td>{rule.approvals_required}</td>
                <RuleRowActions
                  name={rule.name}
                  removeVerb="Delete"
                  onEdit={() => setEditing({ kind: 'edit', rule })}
                  onRemove={() => void onRemove(rule)}
                />
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div>
        <Button onClick={() => setEditing({ kind: 'new' })}>Add approval rule</Button>
      </div>
      {rules.data && !rules.data.some((rule) => rule.name === COVERAGE_CHECK_NAME) && (
        <UnconfiguredCoverageCheck onEnable={() => setEditing({ kind: 'new', name: COVERAGE_CHECK_NAME })} />
      )}
      {editing.kind !== 'closed' && (
        <ApprovalRuleDialog
          fullPath={fullPath}
          rule={editing.kind === 'edit' ? editing.rule : null}
          fallbackCount={editing.kind === 'fallback' ? editing.count : undefined}
          defaultName={editing.kind === 'new' ? editing.name : undefined}
          onClose={() => setEditing({ kind: 'closed' })}
        />
      )}
    </div>
  );
}

/**
 * GitLab's unconfigured report rule: the Coverage-Check, offered until the project has it; Enable
 * opens the rule form with its name (the server makes it a code_coverage report approver rule).
 */
function UnconfiguredCoverageCheck({ onEnable }: { onEnable: () => void }) {
  return (
    <table className="approval-rules-table" aria-label="Unconfigured approval rules">
      <tbody>
        <tr>
          <td className="approval-rules-table__name">{COVERAGE_CHECK_NAME}</td>
          <td>
            {COVERAGE_CHECK_TEXTS.unconfigured}{' '}
            <Link inline href={COVERAGE_CHECK_TEXTS.help} target="_blank" rel="noopener noreferrer">
              {COVERAGE_CHECK_TEXTS.learnMore}
            </Link>
          </td>
          <td className="approval-rules-table__actions">
            <Button
              size="small"
              onClick={onEnable}
              aria-label={`${COVERAGE_CHECK_TEXTS.enable} ${COVERAGE_CHECK_NAME}`}
            >
              {COVERAGE_CHECK_TEXTS.enable}
            </Button>
          </td>
        </tr>
      </tbody>
    </table>
  );
}
