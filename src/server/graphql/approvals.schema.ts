/**
 * Approvals in GitLab's GraphQL names (002 §3, §7), so the widget's `approvals`,
 * `approvalRules`, `approvedByEE` and `userPermissions` queries and the
 * `mergeRequestApprovalStateUpdated` subscriptions of GitLab's frontend run unchanged.
 * `User` is GitLab's interface over `UserCore`: its frontend's user fragment is `on User`.
 */
export const approvalsTypeDefs = /* GraphQL */ `
  interface User {
    id: ID!
    username: String!
    name: String!
    webUrl: String!
    webPath: String!
    avatarUrl: String
  }

  extend type UserCore implements User {
    webPath: String!
  }

  type UserCoreConnection {
    nodes: [UserCore!]!
  }

  "A group, as approval rules name it."
  type Group {
    id: ID!
    name: String!
    path: String!
    fullPath: ID!
    fullName: String!
    webUrl: String!
    avatarUrl: String
    visibility: String
  }

  type GroupConnection {
    nodes: [Group!]!
  }

  "The kind of an approval rule."
  enum ApprovalRuleType {
    REGULAR
    CODE_OWNER
    REPORT_APPROVER
    ANY_APPROVER
    FALLBACK
  }

  enum ApprovalReportType {
    SCAN_FINDING
    LICENSE_SCANNING
    ANY_MERGE_REQUEST
    CODE_COVERAGE
  }

  "A security policy that asks for approvals under a rule."
  type ApprovalScanResultPolicy {
    name: String!
    approvalsRequired: Int!
    reportType: ApprovalReportType!
  }

  "One approval rule of a merge request, as it stands."
  type ApprovalRule {
    id: ID!
    name: String
    type: ApprovalRuleType
    "The CODEOWNERS section of a code owner rule."
    section: String
    "Some of the rule's groups are hidden from the viewer (and left out of groups)."
    containsHiddenGroups: Boolean
    "Users named by the rule."
    users: UserCoreConnection
    "Groups named by the rule that the viewer may see."
    groups: GroupConnection
    approved: Boolean
    approvalsRequired: Int
    "More approvals are required than eligible approvers exist."
    invalid: Boolean
    "An invalid rule counts as approved."
    allowMergeWhenInvalid: Boolean
    "The project's fallback rule (a count of approvals from anyone eligible)."
    fallback: Boolean
    eligibleApprovers: [UserCore!]
    approvedBy: UserCoreConnection
    "Eligible approvers who commented on the merge request."
    commentedBy: UserCoreConnection
    scanResultPolicies: [ApprovalScanResultPolicy!]
  }

  "A rule nobody can satisfy as configured."
  type ApprovalInvalidApproversRule {
    id: ID!
    name: String
  }

  type MergeRequestApprovalState {
    rules: [ApprovalRule!]
    invalidApproversRules: [ApprovalInvalidApproversRule!]
  }

  "A security policy that enforces approval settings the project's own do not."
  type PolicyApprovalSettingsOverride {
    name: String!
    editPath: String
    settings: [String!]!
  }

  extend type MergeRequestPermissions {
    canApprove: Boolean!
  }

  extend type MergeRequest {
    approved: Boolean!
    approvalsLeft: Int
    approvalsRequired: Int
    approvedBy: UserCoreConnection
    "Users who committed to the merge request or authored its commits."
    committers: UserCoreConnection
    approvalState: MergeRequestApprovalState!
    policiesOverridingApprovalSettings: [PolicyApprovalSettingsOverride!]!
  }

  extend type Project {
    "Users who add commits to a merge request may not approve it."
    mergeRequestsDisableCommittersApproval: Boolean!
  }

  extend type Subscription {
    "Fires whenever the approvals of the merge request change."
    mergeRequestApprovalStateUpdated(issuableId: IssuableID!): MergeRequest
  }
`;
