import { MERGE_CHECK_IDENTIFIERS, MERGE_CHECK_STATUSES } from '../../shared/merge-checks/mergeChecks';

/**
 * The GraphQL schema, in GitLab's names so its clients' queries work unchanged. Global ids use
 * GitLab's `gid://gitlab/{Type}/{id}` form for the same reason.
 */
export const typeDefs = /* GraphQL */ `
  scalar Time
  scalar IssuableID
  scalar UserID
  scalar NoteableID
  scalar NoteID

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
    CI_STILL_RUNNING
    CONFLICT
    NEED_REBASE
    REQUESTED_CHANGES
    APPROVALS_SYNCING
    NOT_APPROVED
    BLOCKED_STATUS
    EXTERNAL_STATUS_CHECKS
    TITLE_REGEX
  }

  enum MergeabilityCheckIdentifier {
    ${MERGE_CHECK_IDENTIFIERS.join('\n    ')}
  }

  enum MergeabilityCheckStatus {
    ${MERGE_CHECK_STATUSES.join('\n    ')}
  }

  "One merge check: what it checks and how it stands."
  type MergeRequestMergeabilityCheck {
    identifier: MergeabilityCheckIdentifier!
    status: MergeabilityCheckStatus!
  }

  "GitLab's merge status: whether git can merge the request, as last checked (REST's three values are answered)."
  enum MergeStatus {
    UNCHECKED
    CHECKING
    CAN_BE_MERGED
    CANNOT_BE_MERGED
    CANNOT_BE_MERGED_RECHECK
  }

  "What the asking user may do on a merge request."
  type MergeRequestPermissions {
    canMerge: Boolean!
    "May delete the source branch (not the default branch, not protected, may push)."
    removeSourceBranch: Boolean!
    updateMergeRequest: Boolean!
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
    discussionLocked: Boolean!
    "Indicates if merge request was retargeted."
    retargeted: Boolean
    detailedMergeStatus: DetailedMergeStatus
    "GitLab's three-valued merge status, in REST's spelling (deprecated there too; see mergeStatusEnum)."
    mergeStatus: String
    mergeStatusEnum: MergeStatus
    "Why the last merge or auto-merge did not happen."
    mergeError: String
    "A merge of the request is under way."
    mergeOngoing: Boolean!
    sourceBranchExists: Boolean!
    targetBranchExists: Boolean!
    "A fast-forward or semi-linear project needs the source rebased onto the target first."
    shouldBeRebased: Boolean!
    "Every thread that must be resolved before merge is resolved."
    mergeableDiscussionsState: Boolean
    autoMergeEnabled: Boolean!
    autoMergeStrategy: String
    "Who merged the request."
    mergeUser: UserCore
    mergedAt: Time
    "The request's own choice to delete its source branch on merge."
    shouldRemoveSourceBranch: Boolean
    "That choice, or the project's default where none was made."
    forceRemoveSourceBranch: Boolean
    squash: Boolean!
    squashOnMerge: Boolean!
    "Cars on the merge train of the request's target branch."
    mergeTrainsCount: Int
    "Every merge check with its status (the widget's mergeChecks query and subscription)."
    mergeabilityChecks: [MergeRequestMergeabilityCheck!]!
    "The latest pipeline of the source branch at the head commit."
    headPipeline: Pipeline
    userPermissions: MergeRequestPermissions!
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
    archived: Boolean!
    onlyAllowMergeIfPipelineSucceeds: Boolean!
    mergeRequest(iid: String!): MergeRequest
  }

  "What the asking user may do on a note."
  type NotePermissions {
    readNote: Boolean!
    adminNote: Boolean!
    awardEmoji: Boolean!
    createNote: Boolean!
    resolveNote: Boolean!
    repositionNote: Boolean!
  }

  type AwardEmoji {
    name: String!
    user: UserCore
  }

  type AwardEmojiConnection {
    nodes: [AwardEmoji!]!
  }

  type NoteConnection {
    nodes: [Note!]!
  }

  type Discussion {
    id: ID!
    resolvable: Boolean!
    resolved: Boolean!
    notes: NoteConnection!
  }

  "A comment or system note on an issue or merge request. Internal notes reach only those who may read them."
  type Note {
    id: NoteID!
    body: String!
    bodyHtml: String
    internal: Boolean
    confidential: Boolean
    system: Boolean!
    resolvable: Boolean!
    resolved: Boolean!
    createdAt: Time!
    updatedAt: Time!
    lastEditedAt: Time
    url: String
    author: UserCore
    awardEmoji: AwardEmojiConnection
    userPermissions: NotePermissions!
    discussion: Discussion
  }

  "What workItemNoteDeleted sends: the id of the note that is gone."
  type DeletedNote {
    id: NoteID!
    discussionId: ID
    lastDiscussionNote: Boolean
  }

  type LockedNoteable {
    id: ID!
    iid: String!
    discussionLocked: Boolean!
  }

  input MergeRequestSetLockedInput {
    projectPath: ID!
    iid: String!
    locked: Boolean!
  }

  input IssueSetLockedInput {
    projectPath: ID!
    iid: String!
    locked: Boolean!
  }

  type MergeRequestSetLockedPayload {
    mergeRequest: LockedNoteable
    errors: [String!]!
  }

  type IssueSetLockedPayload {
    issue: LockedNoteable
    errors: [String!]!
  }

  input TimelineEventPromoteFromNoteInput {
    noteId: NoteID!
  }

  type TimelineEventType {
    id: ID!
    note: String
    occurredAt: Time!
  }

  type TimelineEventCreatePayload {
    timelineEvent: TimelineEventType
    errors: [String!]!
  }

  input MergeRequestReviewerRereviewInput {
    projectPath: ID!
    iid: String!
    "The reviewer asked again."
    userId: UserID!
  }

  type MergeRequestReviewerRereviewPayload {
    mergeRequest: MergeRequest
    errors: [String!]!
  }

  "A reviewer's state (GitLab's MergeRequestReviewState); a review is submitted as REVIEWED, APPROVED or REQUESTED_CHANGES."
  enum MergeRequestReviewState {
    UNREVIEWED
    REVIEW_STARTED
    REVIEWED
    REQUESTED_CHANGES
    APPROVED
    UNAPPROVED
  }

  input MergeRequestSubmitReviewInput {
    projectPath: ID!
    iid: String!
    "The summary comment, published with the review's pending comments."
    note: String
    "What the reviewer concludes: REVIEWED (a comment), APPROVED or REQUESTED_CHANGES."
    reviewState: MergeRequestReviewState
  }

  type MergeRequestSubmitReviewPayload {
    mergeRequest: MergeRequest
    errors: [String!]!
  }

  type Mutation {
    "Submits the actor's review: publishes their pending comments and records their conclusion."
    mergeRequestSubmitReview(input: MergeRequestSubmitReviewInput!): MergeRequestSubmitReviewPayload
    "Requests a review again from a reviewer of the merge request: their state goes back to unreviewed."
    mergeRequestReviewerRereview(input: MergeRequestReviewerRereviewInput!): MergeRequestReviewerRereviewPayload
    "Locks or unlocks a merge request's discussion: only members may comment while it is locked."
    mergeRequestSetLocked(input: MergeRequestSetLockedInput!): MergeRequestSetLockedPayload
    "Locks or unlocks an issue's discussion."
    issueSetLocked(input: IssueSetLockedInput!): IssueSetLockedPayload
    "Adds a comment of an incident to its timeline."
    timelineEventPromoteFromNote(input: TimelineEventPromoteFromNoteInput!): TimelineEventCreatePayload
  }

  type Query {
    "The user the request is authenticated as; null for anonymous visitors."
    currentUser: UserCore
    "A project by its full path, when the caller may read it."
    project(fullPath: ID!): Project
    "A note by its global id, when the caller may read it."
    note(id: NoteID!): Note
  }

  type Subscription {
    "Fires whenever the merge request changes in a way that can affect whether it can be merged."
    mergeRequestMergeStatusUpdated(issuableId: IssuableID!): MergeRequest
    "A note was added to the issue or merge request."
    workItemNoteCreated(noteableId: NoteableID!): Note
    "A note of the issue or merge request was edited, resolved or awarded."
    workItemNoteUpdated(noteableId: NoteableID!): Note
    "A note of the issue or merge request was deleted."
    workItemNoteDeleted(noteableId: NoteableID!): DeletedNote
  }
`;
