import { createAuthCache } from './auth/auth-cache';
import type { ResolvedCredentials } from './auth/current-user';
import type { Clock, Random } from './clock';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { createAccessTokensService } from './features/access-tokens/access-tokens.service';
import { createAuthService } from './features/auth/auth.service';
import { createAwardEmojiService } from './features/award-emoji/award-emoji.service';
import { createDiffsService } from './features/diffs/diffs.service';
import { createSignInRateLimit } from './features/auth/sign-in-rate-limit.service';
import { createRateLimits } from './features/rate-limits/rate-limits.service';
import { createGitHttpService } from './features/git-http/git-http.service';
import { createJobTokenScope } from './features/job-token-scope/job-token-scope.service';
import { createBackgroundWork } from './background-work';
import { createPushHooks } from './features/git-http/push-hooks';
import { createGroupsService } from './features/groups/groups.service';
import { createLabelsService } from './features/labels/labels.service';
import { createIssuesService } from './features/issues/issues.service';
import { createFollowUpIssuesService } from './features/notes/follow-up-issues.service';
import { createTimelineEventsService } from './features/issues/timeline-events.service';
import { createMetricImagesService } from './features/issues/metric-images.service';
import { createMembersService } from './features/members/members.service';
import { createNamespacesService } from './features/namespaces/namespaces.service';
import { createMergeService } from './features/merge-requests/merge.service';
import { createMergeRequestAssigneesService } from './features/merge-requests/assignees.service';
import { createMergeRequestReviewersService } from './features/merge-requests/reviewers.service';
import { createRebaseService } from './features/merge-requests/rebase.service';
import { createAutoMergeService } from './features/merge-requests/auto-merge.service';
import { createWidgetService } from './features/merge-requests/widget.service';
import { createUserCalloutsService } from './features/user-callouts/user-callouts.service';
import { createMergeTrainsService } from './features/merge-trains/merge-trains.service';
import { createBlocksService } from './features/merge-requests/blocks.service';
import { createContextCommitsService } from './features/merge-requests/context-commits.service';
import { createCommitActionsService } from './features/merge-requests/commit-actions.service';
import { createStatusChecksService } from './features/status-checks/status-checks.service';
import { createCodeOwnersService } from './features/code-owners/code-owners.service';
import { createApprovalsService } from './features/approvals/approvals.service';
import { createReviewSubmissionService } from './features/approvals/review-submission.service';
import { createApprovalRulesService } from './features/approvals/approval-rules.service';
import { createGroupReader } from './features/approvals/rule-group-visibility';
import { createReviewerInteractions } from './features/merge-requests/reviewer-interactions.service';
import { createApprovalSettingsService } from './features/approvals/approval-settings.service';
import { createJobQueue } from './jobs/jobs';
import { createAppProcesses } from './jobs/app-processes';
import { createMergeRequestsService } from './features/merge-requests/merge-requests.service';
import { createMergeabilityService } from './features/merge-requests/mergeability.service';
import { createMergeRequestEditsService } from './features/merge-requests/merge-request-edits.service';
import { createMergeRequestReadsService } from './features/merge-requests/merge-request-reads.service';
import { createMergeRequestVersionsService } from './features/merge-requests/merge-request-versions.service';
import { createDescriptionVersionsService } from './features/notes/description-versions.service';
import { createDiffNotesService } from './features/notes/diff-notes.service';
import { createDraftNotesService } from './features/notes/draft-notes.service';
import { createNoteCommands } from './features/notes/note-commands';
import { createNotePresentation } from './features/notes/note-presentation';
import { createNoteableLoader } from './features/notes/noteables';
import { createNotesService } from './features/notes/notes.service';
import { createSystemNotesService } from './features/notes/system-notes.service';
import { createDiscussionFacts } from './features/notes/discussion-facts.service';
import { createSuggestionsService } from './features/suggestions/suggestions.service';
import { createUploadsService } from './features/uploads/uploads.service';
import { createAbuseReportsService } from './features/abuse-reports/abuse-reports.service';
import { createQuickActionsService } from './features/quick-actions/quick-actions.service';
import { createProjectsService } from './features/projects/projects.service';
import { createReferencesService } from './features/references/references.service';
import { createProtectedBranchesService } from './features/protected-branches/protected-branches.service';
import { createRepositoryService } from './features/repository/repository.service';
import { createTagsService } from './features/repository/tags.service';
import { createUserPreferencesService } from './features/users/user-preferences.service';
import { createUsersService } from './features/users/users.service';
import { createHighlighter } from './highlight/highlight';
import { createMarkdownRenderer } from './markdown/markdown-renderer';
import { createRenderPool, type RenderPool } from './render-pool/render-pool';
import { createCiServices } from './container-ci';
import { createServiceLog } from './service-log';
import type { EventBus } from './realtime/bus';

/** What the process is given from outside: configuration, the database, the bus, time and randomness. */
export type AppDeps = {
  config: Config;
  database: Database;
  bus: EventBus;
  clock: Clock;
  random: Random;
  /**
   * Render workers the app borrows instead of starting its own (and leaves running when it
   * closes): test apps of one test process share them, as each start costs seconds of CPU.
   */
  renderPool?: RenderPool;
};

/** Wires repos into services. Features add their service here; routes receive the container. */
export function createContainer(deps: AppDeps) {
  const db: Db = deps.database.db;
  // Failures that work off the request path keeps going past are logged with the app's logger.
  const base = { ...deps, db, log: createServiceLog() };
  // Markdown and highlighting run in worker threads, started on first use; closing the app ends them.
  const renderPool = deps.renderPool ?? createRenderPool({ size: deps.config.renderWorkers });
  const markdown = createMarkdownRenderer({ pool: renderPool });
  const authCache = createAuthCache<ResolvedCredentials>(deps.bus);
  const namespaces = createNamespacesService(base);
  const users = createUsersService({ ...base, authCache, namespaces });
  const projects = createProjectsService({ ...base, users, namespaces });
  const groups = createGroupsService({ ...base, projects, namespaces });
  const members = createMembersService({ ...base, projects, groups, namespaces });
  const protectedBranches = createProtectedBranchesService({ ...base, projects });
  const codeOwners = createCodeOwnersService({ ...base, namespaces, projects });
  const pushHooks = createPushHooks();
  const jobTokenScope = createJobTokenScope({ ...base, projects });
  const gitHttp = createGitHttpService({ ...base, projects, protectedBranches, pushHooks, jobTokenScope });
  const repository = createRepositoryService({ ...base, protectedBranches, gitHttp });
  const repositoryTags = createTagsService();
  const rateLimits = createRateLimits(base);
  const signInRateLimit = createSignInRateLimit({ rateLimits });
  const accessTokens = createAccessTokensService({ ...base, authCache, users });
  const auth = createAuthService({ ...base, signInRateLimit, users, accessTokens, authCache });
  const awardEmoji = createAwardEmojiService(base);
  const uploads = createUploadsService({ ...base, projects });
  const abuseReports = createAbuseReportsService({ ...base, users });
  const systemNotes = createSystemNotesService(base);
  const labels = createLabelsService({ ...base, projects, groups, namespaces, systemNotes });
  const processes = createAppProcesses(base);
  const discussions = createDiscussionFacts(base);
  const mergeability = createMergeabilityService({
    ...base,
    processes,
    projects,
    protectedBranches,
    systemNotes,
    discussions,
    awardEmoji,
    labels,
  });
  const mergeRequestVersions = createMergeRequestVersionsService({ ...base, projects, systemNotes });
  const mergeRequestReads = createMergeRequestReadsService({
    ...base,
    projects,
    mergeability,
    versions: mergeRequestVersions,
    labels,
  });
  const mergeRequestEdits = createMergeRequestEditsService({
    ...base,
    projects,
    systemNotes,
    markdown,
    rateLimits,
    reads: mergeRequestReads,
    versions: mergeRequestVersions,
  });
  const mergeRequests = createMergeRequestsService({
    ...base,
    reads: mergeRequestReads,
    edits: mergeRequestEdits,
    mergeability,
    versions: mergeRequestVersions,
  });
  const background = createBackgroundWork();
  const merges = createMergeService({ ...base, background, gitHttp, mergeRequests, systemNotes, processes });
  const mergeRequestAssignees = createMergeRequestAssigneesService({ ...base, mergeRequests, systemNotes });
  const mergeRequestReviewers = createMergeRequestReviewersService({
    ...base,
    mergeRequests,
    projects,
    systemNotes,
  });
  const jobs = createJobQueue(base);
  const statusChecks = createStatusChecksService({ ...base, jobs, projects, mergeRequests });
  const reviewerInteractions = createReviewerInteractions({
    mergeRequests,
    projects,
    protectedBranches,
    users,
  });
  const readableGroups = createGroupReader(namespaces);
  const approvals = createApprovalsService({
    ...base,
    readableGroups,
    projects,
    users,
    protectedBranches,
    mergeRequests,
    reviewers: mergeRequestReviewers,
    codeOwnerRules: async (ctx, mr, push) =>
      codeOwners.codeOwnerRules(
        ctx,
        {
          targetBranch: mr.targetBranch,
          changedPaths: push?.changedPaths ?? (await mergeRequests.changedPaths(mr)),
        },
        push?.within,
      ),
    // Pipelines sit above approvals and are built later; the Coverage-Check reads them when asked.
    coverageOf: (subject) => ci.headPipelines.coverageOf(subject),
  });
  const approvalRules = createApprovalRulesService({
    ...base,
    projects,
    mergeRequests,
    approvals,
    readableGroups,
  });
  const approvalSettings = createApprovalSettingsService({ ...base, projects, groups });
  const blocks = createBlocksService({ ...base, mergeRequests });
  const contextCommits = createContextCommitsService({ ...base, mergeRequests });
  const commitActions = createCommitActionsService({ mergeRequests, repository });
  const rebases = createRebaseService({
    ...base,
    jobs,
    users,
    protectedBranches,
    mergeRequests,
    gitHttp,
  });
  const mergeTrains = createMergeTrainsService({
    ...base,
    jobs,
    users,
    projects,
    mergeRequests,
    merges,
    systemNotes,
  });
  const autoMerges = createAutoMergeService({
    ...base,
    jobs,
    users,
    mergeRequests,
    merges,
    systemNotes,
    trains: mergeTrains,
  });
  const userCallouts = createUserCalloutsService(base);
  const userPreferences = createUserPreferencesService(base);
  const widgets = createWidgetService({
    ...base,
    userCallouts,
    mergeRequests,
    merges,
    rebases,
    autoMerges,
    mergeTrains,
    blocks,
  });
  const diffs = createDiffsService({
    ...base,
    mergeRequests,
    projects,
    protectedBranches,
    contextCommits,
    highlighter: createHighlighter({ pool: renderPool }),
  });
  const issues = createIssuesService({
    ...base,
    projects,
    systemNotes,
    awardEmoji,
    labels,
    rateLimits,
    markdown,
  });
  const references = createReferencesService({
    ...base,
    markdown,
    projects,
    namespaces,
    issues,
    mergeRequests,
    labels,
  });
  const timelineEvents = createTimelineEventsService({ ...base, issues, systemNotes });
  const metricImages = createMetricImagesService({ ...base, issues, uploads });
  const quickActions = createQuickActionsService({
    ...base,
    mergeRequests,
    merges,
    mergeRequestAssignees,
    mergeRequestReviewers,
    issues,
    awardEmoji,
    labels,
    users,
    approvals,
  });
  const noteables = createNoteableLoader({ mergeRequests, issues });
  const diffNotes = createDiffNotesService({ ...base, mergeRequests, diffs, projects, systemNotes });
  const notes = createNotesService({ ...base, noteables, diffNotes, markdown, userPreferences });
  const suggestions = createSuggestionsService({
    ...base,
    projects,
    protectedBranches,
    mergeRequests,
    notes,
    users,
    gitHttp,
  });
  const noteCommands = createNoteCommands({ notes, quickActions, rateLimits });
  const draftNotes = createDraftNotesService({ ...base, notes, diffNotes, noteCommands, rateLimits });
  // A reviewer's pending comment starts their review; submitting it makes it reviewed.
  draftNotes.draftWritten.add((actor, mergeRequestId) =>
    mergeRequestReviewers.noteReviewActivity(actor, mergeRequestId, 'draft_written'),
  );
  draftNotes.reviewSubmitted.add((actor, mergeRequestId) =>
    mergeRequestReviewers.noteReviewActivity(actor, mergeRequestId, 'review_submitted'),
  );
  const reviewSubmission = createReviewSubmissionService({
    ...base,
    draftNotes,
    approvals,
    reviewers: mergeRequestReviewers,
  });
  const notePresentation = createNotePresentation({
    ...base,
    awardEmoji,
    suggestions,
    diffNotes,
    references,
  });
  const descriptionVersions = createDescriptionVersionsService(base);
  const ci = createCiServices({
    base,
    projects,
    groups,
    users,
    protectedBranches,
    rateLimits,
    jobs,
    labels,
    jobTokenScope,
    mergeRequests,
    mergeTrains,
  });
  const followUpIssues = createFollowUpIssuesService({ ...base, notes, issues, systemNotes });
  pushHooks.subscribe(async (push) => {
    const versioned = await mergeRequests.handlePush({
      projectId: push.project.project.id,
      pusherId: push.actor.id,
      changes: push.changes,
    });
    // Diff notes move onto the new diff or go outdated once the new version is recorded.
    for (const id of versioned)
      await diffNotes.followPush(push.actor, await noteables.byId(push.actor, 'MergeRequest', id));
  });
  // Every branch and tag a push moved gets its pipeline, when it has a `.gitlab-ci.yml`.
  pushHooks.subscribe((push) => ci.pipelines.onPush(push));
  return {
    ...base,
    discussions,
    reviewerInteractions,
    renderPool,
    markdown,
    background,
    processes,
    protectedBranches,
    pushHooks,
    gitHttp,
    repository,
    repositoryTags,
    users,
    namespaces,
    projects,
    references,
    groups,
    members,
    rateLimits,
    signInRateLimit,
    authCache,
    auth,
    accessTokens,
    awardEmoji,
    labels,
    uploads,
    abuseReports,
    quickActions,
    systemNotes,
    noteables,
    diffNotes,
    notes,
    suggestions,
    draftNotes,
    reviewSubmission,
    notePresentation,
    descriptionVersions,
    noteCommands,
    followUpIssues,
    mergeRequests,
    mergeRequestAssignees,
    mergeRequestReviewers,
    merges,
    jobs,
    rebases,
    autoMerges,
    mergeTrains,
    widgets,
    userCallouts,
    statusChecks,
    approvals,
    approvalRules,
    approvalSettings,
    blocks,
    contextCommits,
    commitActions,
    diffs,
    userPreferences,
    issues,
    timelineEvents,
    metricImages,
    jobTokenScope,
    codeOwners,
    ...ci,
  };
}

export type Container = ReturnType<typeof createContainer>;
