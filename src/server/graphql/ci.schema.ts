import { CI_STATUSES } from '../../shared/ci';

const STATUS_VALUES = CI_STATUSES.map((status) => status.toUpperCase()).join('\n    ');

/** Each job action's input (the id of the job, of GitLab's type) and payload (the job and errors). */
const JOB_ACTION_TYPES = (
  [
    ['JobPlay', 'CiProcessableID'],
    ['JobRetry', 'CiProcessableID'],
    ['JobCancel', 'CiBuildID'],
    ['JobUnschedule', 'CiBuildID'],
  ] as const
)
  .map(
    ([name, idType]) => `
  input ${name}Input {
    id: ${idType}!
    clientMutationId: String
  }

  type ${name}Payload {
    job: CiJob
    errors: [String!]!
    clientMutationId: String
  }`,
  )
  .join('\n');

/**
 * CI in GitLab's GraphQL names (Pipeline, CiStage, CiGroup, CiJob, DetailedStatus), so the
 * pipeline graph's, mini graph's and job actions' queries of GitLab's frontend run unchanged.
 */
export const ciTypeDefs = /* GraphQL */ `
  scalar CiPipelineID
  scalar CiStageID
  scalar CiBuildID
  scalar CiProcessableID
  scalar JobID

  enum PipelineStatusEnum {
    ${STATUS_VALUES}
  }

  enum CiJobStatus {
    ${STATUS_VALUES}
  }

  enum CiJobKind {
    BUILD
    BRIDGE
  }

  "Which kind of merge request pipeline a pipeline is."
  enum PipelineMergeRequestEventType {
    MERGED_RESULT
    DETACHED
    MERGE_TRAIN
  }

  "An action a status offers (run, retry, cancel, unschedule), with the path it posts to."
  type StatusAction {
    id: String!
    buttonTitle: String
    confirmationMessage: String
    icon: String
    method: String
    path: String
    title: String
  }

  "A CI status as pages show it."
  type DetailedStatus {
    id: String!
    action: StatusAction
    deploymentDetailsPath: String
    detailsPath: String
    favicon: String
    group: String
    hasDetails: Boolean
    icon: String
    label: String
    name: String
    text: String
    tooltip: String
  }

  type PipelinePermissions {
    adminPipeline: Boolean!
    cancelPipeline: Boolean!
    destroyPipeline: Boolean!
    updatePipeline: Boolean!
  }

  type JobPermissions {
    readBuild: Boolean!
    readJobArtifacts: Boolean!
    updateBuild: Boolean!
    cancelBuild: Boolean!
  }

  "A job another job needs (its needs: or, without them, the stage before)."
  type CiBuildNeed {
    "The needed job's id (a JobID, as the graph query selects it beside CiJob.id)."
    id: JobID
    name: String
  }

  type CiBuildNeedConnection {
    count: Int!
    nodes: [CiBuildNeed]
  }

  union JobNeedUnion = CiBuildNeed | CiJob

  type JobNeedUnionConnection {
    count: Int!
    nodes: [JobNeedUnion]
  }

  "A CI job."
  type CiJob {
    id: JobID
    name: String
    kind: CiJobKind!
    status: CiJobStatus
    detailedStatus: DetailedStatus
    "Whether the job waits for its delayed start."
    scheduled: Boolean!
    scheduledAt: Time
    stage: CiStage
    pipeline: Pipeline
    needs: CiBuildNeedConnection
    previousStageJobsOrNeeds: JobNeedUnionConnection
    allowFailure: Boolean!
    active: Boolean!
    cancelable: Boolean!
    manualJob: Boolean
    playable: Boolean!
    retryable: Boolean!
    retried: Boolean
    refName: String
    shortSha: String!
    tags: [String!]
    coverage: Float
    createdAt: Time!
    queuedAt: Time
    startedAt: Time
    finishedAt: Time
    erasedAt: Time
    duration: Int
    queuedDuration: Float
    failureReason: String
    webPath: String
    "The pipeline a bridge (trigger job) created; null for other jobs and for one the viewer may not read."
    downstreamPipeline: Pipeline
    userPermissions: JobPermissions!
  }

  type CiJobConnection {
    count: Int!
    nodes: [CiJob]
  }

  "Jobs of a stage under one name: parallel and matrix jobs, or a single job."
  type CiGroup {
    id: String!
    name: String
    size: Int
    detailedStatus: DetailedStatus
    jobs: CiJobConnection
  }

  type CiGroupConnection {
    count: Int!
    nodes: [CiGroup]
  }

  type CiStage {
    id: ID!
    name: String
    status: String
    detailedStatus: DetailedStatus
    groups: CiGroupConnection
    jobs: CiJobConnection
  }

  type CiStageConnection {
    count: Int!
    nodes: [CiStage]
  }

  type PipelineConnection {
    count: Int!
    nodes: [Pipeline]
  }

  "A CI pipeline."
  type Pipeline {
    id: ID!
    iid: String!
    name: String
    status: PipelineStatusEnum!
    detailedStatus: DetailedStatus!
    path: String
    sha: String
    shortSha: String
    ref: String
    source: String
    tag: Boolean!
    createdAt: Time!
    updatedAt: Time!
    startedAt: Time
    finishedAt: Time
    committedAt: Time
    duration: Int
    queuedDuration: Float
    coverage: Float
    "Whether the configuration did not hold."
    yamlErrors: Boolean!
    yamlErrorMessages: String
    failureReason: String
    active: Boolean!
    cancelable: Boolean!
    complete: Boolean!
    retryable: Boolean!
    usesNeeds: Boolean
    mergeRequestEventType: PipelineMergeRequestEventType
    "Where the graph polls with an ETag: send it as X-GITLAB-GRAPHQL-RESOURCE-ETAG on a GET of /api/graphql."
    graphqlResourceEtag: String!
    user: UserCore
    project: Project
    userPermissions: PipelinePermissions!
    stages(first: Int): CiStageConnection
    jobs(statuses: [CiJobStatus!], retried: Boolean, jobKind: CiJobKind, first: Int): CiJobConnection
    job(id: JobID, name: String): CiJob
    "The pipeline whose bridge triggered this one, when the viewer may read it."
    upstream: Pipeline
    "Pipelines this one's bridges triggered (child and multi-project), of projects the viewer may read."
    downstream(first: Int): PipelineConnection
    "The bridge that triggered this pipeline."
    sourceJob: CiJob
  }

  extend type Project {
    pipeline(iid: ID, id: CiPipelineID, sha: String): Pipeline
    pipelines(status: PipelineStatusEnum, ref: String, sha: String, source: String, first: Int): PipelineConnection
    job(id: JobID!): CiJob
  }

  extend type MergeRequest {
    pipelines(first: Int): PipelineConnection
  }

  ${JOB_ACTION_TYPES}

  extend type Query {
    "A stage of a pipeline, for one who may read it (the mini graph's stage dropdown)."
    ciPipelineStage(id: CiStageID!): CiStage
  }

  extend type Mutation {
    "Runs a manual or delayed job now (a finished manual job runs again)."
    jobPlay(input: JobPlayInput!): JobPlayPayload
    "Runs a finished job again, as a new job."
    jobRetry(input: JobRetryInput!): JobRetryPayload
    "Cancels a job that has not finished."
    jobCancel(input: JobCancelInput!): JobCancelPayload
    "Turns a delayed job back into a manual one."
    jobUnschedule(input: JobUnscheduleInput!): JobUnschedulePayload
  }

  extend type Subscription {
    "The pipeline's status changed."
    ciPipelineStatusUpdated(pipelineId: CiPipelineID!): Pipeline
    "The job's status changed."
    ciJobStatusUpdated(jobId: CiBuildID!): CiJob
  }
`;
