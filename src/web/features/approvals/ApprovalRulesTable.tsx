import { Button, Link } from '@primer/react';
import { useState } from 'react';
import {
  APPROVAL_AVATAR_SIZES,
  APPROVAL_RULE_TEXTS,
  APPROVALS_WIDGET_TEXTS,
  COVERAGE_CHECK_TEXTS,
  approvalRuleSections,
  type RuleRow,
} from '../../../shared/approvals';
import type { GraphqlApprovalRule } from './approvalsQuery';
import { widgetRuleOf } from './approvalsWidgetInput';
import { UserAvatar, UserAvatars } from './UserAvatars';

const { approvalLists, userList } = APPROVAL_AVATAR_SIZES;

/** The approvals column: "1 of 2", "Optional", or an invalid rule's state with its explanation. */
function Pending({ row }: { row: RuleRow }) {
  const { pending } = row;
  return (
    <span
      className={pending.tone ? `approvals-pending approvals-pending--${pending.tone}` : 'approvals-pending'}
    >
      {pending.text}
      {pending.popover && (
        <span className="approvals-pending__why">
          <strong>{pending.popover.title}</strong> {pending.popover.text}
        </span>
      )}
    </span>
  );
}

/** Who may approve under a rule: avatars, and on request each name with a small avatar. */
function Approvers({ row, rule }: { row: RuleRow; rule: GraphqlApprovalRule }) {
  const [expanded, setExpanded] = useState(false);
  if (row.anyEligibleUser)
    return <span title={row.anyEligibleUser.popoverItems.join(' ')}>{row.anyEligibleUser.text}</span>;
  const users = rule.eligibleApprovers;
  if (users.length === 0) return null;
  return (
    <div className="approvals-approvers">
      <UserAvatars users={users} size={approvalLists} label={`Eligible approvers of ${row.name}`} />
      <Button
        variant="invisible"
        size="small"
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded
          ? APPROVALS_WIDGET_TEXTS.collapseEligibleApprovers
          : APPROVALS_WIDGET_TEXTS.expandEligibleApprovers}
      </Button>
      {expanded && (
        <ul className="approvals-users" aria-label={`Approvers of ${row.name}`}>
          {users.map((user) => (
            <li key={user.id}>
              <UserAvatar user={user} size={userList} />
              <span>{user.name}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The footer table of a merge request's approval rules (002 §2, §4), code owners last. */
export function ApprovalRulesTable({ rules }: { rules: GraphqlApprovalRule[] }) {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const sections = approvalRuleSections(rules.map(widgetRuleOf), true);
  return (
    <table className="approvals-rules" aria-label="Approval rules">
      <thead>
        <tr>
          <th scope="col">{APPROVAL_RULE_TEXTS.approvers}</th>
          <th scope="col">{APPROVAL_RULE_TEXTS.approvals}</th>
          <th scope="col">{APPROVAL_RULE_TEXTS.commentedBy}</th>
          <th scope="col">{APPROVAL_RULE_TEXTS.approvedBy}</th>
        </tr>
      </thead>
      {sections.map((section) => (
        <tbody key={section.title}>
          {section.title && (
            <tr>
              <th scope="rowgroup" colSpan={4} className="approvals-rules__section">
                {section.title}
              </th>
            </tr>
          )}
          {section.rows.map((row) => {
            const rule = byId.get(String(row.id))!;
            return (
              <tr key={row.id}>
                <td>
                  {row.section && (
                    <div className="approvals-rules__rule-section" aria-label={row.sectionLabel ?? undefined}>
                      {row.section}
                    </div>
                  )}
                  <div
                    className={row.monospace ? 'approvals-rules__name mono' : 'approvals-rules__name'}
                    title={row.tooltip || undefined}
                  >
                    {row.name}
                  </div>
                  {row.coverageCheck && (
                    <div className="muted">
                      {row.coverageCheck.popover}{' '}
                      <Link inline href={COVERAGE_CHECK_TEXTS.help} target="_blank" rel="noopener noreferrer">
                        {row.coverageCheck.learnMore}
                      </Link>
                    </div>
                  )}
                  <Approvers row={row} rule={rule} />
                </td>
                <td>
                  <Pending row={row} />
                </td>
                <td>
                  <UserAvatars
                    users={rule.commentedBy.nodes}
                    size={approvalLists}
                    label={`Commented by under ${row.name}`}
                  />
                </td>
                <td>
                  <UserAvatars
                    users={rule.approvedBy.nodes}
                    size={approvalLists}
                    label={`Approved by under ${row.name}`}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      ))}
    </table>
  );
}
