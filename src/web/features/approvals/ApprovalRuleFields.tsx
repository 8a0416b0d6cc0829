import { PencilIcon, TrashIcon } from '@primer/octicons-react';
import { Dialog, Flash, FormControl, IconButton, TextInput } from '@primer/react';
import type { ReactNode } from 'react';
import { APPROVAL_RULE_TEXTS } from '../../../shared/approvals';
import type { ProjectRuleJson } from '../../../shared/api/approvals';
import { ApproversPicker, type Approver } from './ApproversPicker';

/** The rule dialog's frame: "Add" or "Edit approval rule", a refusal above the fields, Save and Cancel. */
export function RuleDialogFrame({
  editing,
  pending,
  error,
  onSubmit,
  onClose,
  children,
}: {
  editing: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      title={editing ? 'Edit approval rule' : 'Add approval rule'}
      width="large"
      onClose={onClose}
      footerButtons={[
        { content: 'Cancel', onClick: onClose },
        { content: 'Save changes', buttonType: 'primary', onClick: onSubmit, loading: pending },
      ]}
    >
      <div className="stack">
        {error && <Flash variant="danger">{error}</Flash>}
        {children}
      </div>
    </Dialog>
  );
}

/** Who a rule names: its users and groups, or "All Members" for the any-approver rule. */
export const approversText = (rule: Pick<ProjectRuleJson, 'rule_type' | 'users' | 'groups'>) =>
  rule.rule_type === 'any_approver'
    ? APPROVAL_RULE_TEXTS.allMembers
    : [...rule.users.map((user) => user.name), ...rule.groups.map((group) => group.name)].join(', ');

/** A rules table row's Edit and Delete (or Remove) buttons, named after the rule. */
export function RuleRowActions({
  name,
  removeVerb,
  disabled = false,
  onEdit,
  onRemove,
}: {
  name: string;
  removeVerb: 'Delete' | 'Remove';
  disabled?: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <td className="approval-rules-table__actions">
      <IconButton icon={PencilIcon} aria-label={`Edit ${name}`} variant="invisible" onClick={onEdit} />
      <IconButton
        icon={TrashIcon}
        aria-label={`${removeVerb} ${name}`}
        variant="invisible"
        disabled={disabled}
        onClick={onRemove}
      />
    </td>
  );
}

/** The rule form's name field, with its check said under it (002 §5). */
export function RuleNameField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (name: string) => void;
}) {
  return (
    <FormControl>
      <FormControl.Label>Rule name</FormControl.Label>
      <TextInput
        block
        placeholder="Examples: QA, Security."
        value={value}
        validationStatus={error ? 'error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
    </FormControl>
  );
}

/** "Required number of approvals", as typed (the form's check reads the text). */
export function ApprovalsRequiredField({
  value,
  minimum,
  error,
  onChange,
}: {
  value: string;
  minimum: number;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <FormControl>
      <FormControl.Label>Required number of approvals</FormControl.Label>
      <TextInput
        type="number"
        min={minimum}
        value={value}
        validationStatus={error ? 'error' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
    </FormControl>
  );
}

/** "Add approvers": members and groups, with the form's check. */
export function ApproversField({
  fullPath,
  value,
  error,
  onChange,
}: {
  fullPath: string;
  value: Approver[];
  error: string | undefined;
  onChange: (approvers: Approver[]) => void;
}) {
  return (
    <FormControl>
      <FormControl.Label>Add approvers</FormControl.Label>
      <ApproversPicker fullPath={fullPath} value={value} onChange={onChange} invalid={Boolean(error)} />
      {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
    </FormControl>
  );
}
