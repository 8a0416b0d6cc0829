/**
 * The GraphQL schema, in GitLab's names so its clients' queries work unchanged. Global ids use
 * GitLab's `gid://gitlab/{Type}/{id}` form for the same reason.
 */
export const typeDefs = /* GraphQL */ `
  scalar Time
  scalar IssuableID

  enum MergeRequestState {
    opened
    closed
    merged
    locked
  }

  enum DetailedMergeStatus {
    UNCHECKED
    CHECKING
    MERGEABLE
    NOT_OPEN
    DRAFT_STATUS
    DISCUSSIONS_NOT_RESOLVED
    BROKEN_STATUS
    COMMITS_STATUS
    CI_MUST_PASS
    CONFLICT
    NEED_REBASE
  }

  type MergeRequest {
    id: ID!
    iid: String!
    title: String!
    state: MergeRequestState!
    draft: Boolean!
    sourceBranch: String!
    targetBranch: String!
    diffHeadSha: String
    detailedMergeStatus: DetailedMergeStatus
    commitCount: Int
    webUrl: String!
    updatedAt: Time!
  }

  type UserCore {
    id: ID!
    username: String!
    name: String!
    webUrl: String!
    avatarUrl: String
  }

  type Project {
    id: ID!
    name: String!
    fullPath: ID!
    webUrl: String!
    visibility: String!
    mergeRequest(iid: String!): MergeRequest
  }

  type Query {
    "The user the request is authenticated as; null for anonymous visitors."
    currentUser: UserCore
    "A project by its full path, when the caller may read it."
    project(fullPath: ID!): Project
  }

  type Subscription {
    "Fires whenever the merge request changes in a way that can affect whether it can be merged."
    mergeRequestMergeStatusUpdated(issuableId: IssuableID!): MergeRequest
  }
`;
