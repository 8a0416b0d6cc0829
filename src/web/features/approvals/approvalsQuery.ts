import type { ApprovalReportType } from '../../../shared/approvals';

/** GitLab's user fragment (`~/graphql_shared/fragments/user.fragment.graphql`). */
const USER_FRAGMENT = /* GraphQL */ `
  fragment User on User {
    id
    avatarUrl
    name
    username
    webUrl
    webPath
  }
`;

/**
 * The widget's one read (002 §7 `approvals`): the summary's counts, who approved and committed,
 * whether the viewer may approve, and every rule with what the rules table shows.
 */
export const APPROVALS_QUERY = /* GraphQL */ `
  ${USER_FRAGMENT}
  query approvals($projectPath: ID!, $iid: String!) {
    project(fullPath: $projectPath) {
      id
      mergeRequestsDisableCommittersApproval
      mergeRequest(iid: $iid) {
        id
        state
        diffHeadSha
        approved
        approvalsLeft
        approvalsRequired
        approvedBy {
          nodes {
            ...User
          }
        }
        committers {
          nodes {
            id
          }
        }
        userPermissions {
          canApprove
        }
        approvalState {
          invalidApproversRules {
            id
            name
          }
          rules {
            id
            type
            name
            section
            approved
            approvalsRequired
            invalid
            allowMergeWhenInvalid
            approvedBy {
              nodes {
                ...User
              }
            }
            commentedBy {
              nodes {
                ...User
              }
            }
            eligibleApprovers {
              ...User
            }
            scanResultPolicies {
              name
              approvalsRequired
              reportType
            }
          }
        }
        policiesOverridingApprovalSettings {
          name
          editPath
          settings
        }
      }
    }
  }
`;

export type GraphqlUser = {
  id: string;
  avatarUrl: string | null;
  name: string;
  username: string;
  webUrl: string;
  webPath: string;
};

export type GraphqlApprovalRule = {
  id: string;
  type: 'REGULAR' | 'CODE_OWNER' | 'REPORT_APPROVER' | 'ANY_APPROVER' | 'FALLBACK';
  name: string | null;
  section: string | null;
  approved: boolean;
  approvalsRequired: number;
  invalid: boolean;
  allowMergeWhenInvalid: boolean;
  approvedBy: { nodes: GraphqlUser[] };
  commentedBy: { nodes: GraphqlUser[] };
  eligibleApprovers: GraphqlUser[];
  scanResultPolicies: { name: string; approvalsRequired: number; reportType: ApprovalReportType }[];
};

export type ApprovalsData = {
  mergeRequestsDisableCommittersApproval: boolean;
  mergeRequest: {
    id: string;
    state: 'opened' | 'closed' | 'merged' | 'locked';
    diffHeadSha: string | null;
    approved: boolean;
    approvalsLeft: number;
    approvalsRequired: number;
    approvedBy: { nodes: GraphqlUser[] };
    committers: { nodes: { id: string }[] };
    userPermissions: { canApprove: boolean };
    approvalState: {
      invalidApproversRules: { id: string; name: string }[];
      rules: GraphqlApprovalRule[];
    };
    policiesOverridingApprovalSettings: { name: string; editPath: string | null; settings: string[] }[];
  };
};

export type ApprovalsQueryAnswer = {
  data?: { project: ApprovalsData | null };
  errors?: { message: string }[];
};
