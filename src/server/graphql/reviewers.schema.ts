/**
 * A merge request's reviewers in GitLab's GraphQL names, so the sidebar's `mergeRequestReviewers`
 * query runs unchanged: each reviewer with what they may do on the request and where their review
 * stands (`mergeRequestInteraction`).
 */
export const reviewersTypeDefs = /* GraphQL */ `
  "What a user may do on a merge request, and where their review of it stands."
  type UserMergeRequestInteraction {
    canMerge: Boolean!
    canUpdate: Boolean!
    reviewState: MergeRequestReviewState
    "The user reviewed the merge request (any state but unreviewed)."
    reviewed: Boolean!
    approved: Boolean!
    "The approval rules in force that the user is an eligible approver of."
    applicableApprovalRules: [ApprovalRule!]
  }

  "A reviewer of a merge request."
  type MergeRequestReviewer implements User {
    id: ID!
    username: String!
    name: String!
    webUrl: String!
    webPath: String!
    avatarUrl: String
    mergeRequestInteraction: UserMergeRequestInteraction
  }

  type MergeRequestReviewerConnection {
    nodes: [MergeRequestReviewer!]!
  }

  extend type MergeRequest {
    reviewers: MergeRequestReviewerConnection
  }
`;
