import { LockIcon } from '@primer/octicons-react';
import { Button, Flash, Spinner, VisuallyHidden } from '@primer/react';
import { useState } from 'react';
import { APPROVAL_RULE_TEXTS, APPROVAL_SETTINGS_LABELS } from '../../../shared/approvals';
import { approversText, RuleRowActions } from './ApprovalRuleFields';
import { MergeRequestRuleDialog } from './MergeRequestRuleDialog';
import {
  useChangeMergeRequestRules,
  useMergeRequestRules,
  type MergeRequestRuleBody,
  type ShownRule,
} from './mergeRequestRules';
import { useProjectApprovalRules, useProjectApprovals } from './settingsQueries';
import './approvals.css';

/** Why the rules cannot be edited here (the project's setting, named by its label). */
export const RULES_LOCKED_TEXT = `Approval rules can't be edited in this merge request: the project's setting "${APPROVAL_SETTINGS_LABELS.preventEditingRulesInMergeRequests}" is on.`;
const FOLLOWS_PROJECT_TEXT =
  "This merge request follows the project's approval rules. Changing one here overrides them for this merge request only.";

type Editing = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; rule: ShownRule };

/**
 * The merge request's edit form, "Approval rules": the request's own rules, or the project's it
 * follows; added, edited and removed here where the project lets requests override its rules
 * (each change is saved at once), shown read-only with the reason where it does not.
 */
export function MergeRequestApprovalRules({ fullPath, iid }: { fullPath: string; iid: number }) {
  const own = useMergeRequestRules(fullPath, iid);
  const project = useProjectApprovalRules(fullPath);
  const settings = useProjectApprovals(fullPath);
  const change = useChangeMergeRequestRules(fullPath, iid);
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });

  const loadError = own.error ?? project.error ?? settings.error;
  const locked = settings.data?.disable_overriding_approvers_per_merge_request ?? true;
  const overridden = (own.data?.length ?? 0) > 0;
  const shown: ShownRule[] = overridden
    ? (own.data ?? []).map((rule) => ({ ...rule, origin: 'merge_request' as const }))
    : (project.data ?? []).map((rule) => ({ ...rule, origin: 'project' as const }));
  const close = () => {
    change.reset();
    setEditing({ kind: 'closed' });
  };
  const save = (body: MergeRequestRuleBody) =>
    change.mutate(
      {
        change: editing.kind === 'edit' ? { kind: 'edit', rule: editing.rule, body } : { kind: 'add', body },
        shown,
      },
      { onSuccess: close },
    );

  return (
    <fieldset className="stack mr-approval-rules" aria-label="Approval rules">
      <legend className="mr-approval-rules__legend">Approval rules</legend>
      {loadError && <Flash variant="danger">{loadError.message}</Flash>}
      {!own.data || !project.data || !settings.data ? (
        !loadError && <Spinner size="small" srText="Loading approval rules" />
      ) : (
        <>
          {locked ? (
            <p className="muted">
              <LockIcon aria-label="Locked" size={14} /> {RULES_LOCKED_TEXT}
            </p>
          ) : (
            !overridden && shown.length > 0 && <p className="muted">{FOLLOWS_PROJECT_TEXT}</p>
          )}
          {change.isError && editing.kind === 'closed' && (
            <Flash variant="danger">{change.error.message}</Flash>
          )}
          <table className="approval-rules-table" aria-label="Merge request approval rules">
            <thead>
              <tr>
                <th scope="col">Rule</th>
                <th scope="col">{APPROVAL_RULE_TEXTS.approvers}</th>
                <th scope="col">Required approvals</th>
                {!locked && (
                  <th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {shown.length === 0 && (
                <tr>
                  <td colSpan={locked ? 3 : 4} className="muted">
                    No approval rules: this merge request needs no approval.
                  </td>
                </tr>
              )}
              {shown.map((rule) => (
                <tr key={`${rule.origin}-${rule.id}`}>
                  <td className="approval-rules-table__name">{rule.name}</td>
                  <td>{approversText(rule)}</td>
                  <td>{rule.approvals_required}</td>
                  {!locked && (
                    <RuleRowActions
                      name={rule.name}
                      removeVerb="Remove"
                      disabled={change.isPending}
                      onEdit={() => setEditing({ kind: 'edit', rule })}
                      onRemove={() => change.mutate({ change: { kind: 'remove', rule }, shown })}
                    />
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          {!locked && (
            <div>
              <Button onClick={() => setEditing({ kind: 'new' })}>Add approval rule</Button>
            </div>
          )}
        </>
      )}
      {editing.kind !== 'closed' && (
        <MergeRequestRuleDialog
          fullPath={fullPath}
          rule={editing.kind === 'edit' ? editing.rule : null}
          pending={change.isPending}
          failure={change.error}
          onSave={save}
          onClose={close}
        />
      )}
    </fieldset>
  );
}
