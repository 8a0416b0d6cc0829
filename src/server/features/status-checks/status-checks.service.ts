import { z } from 'zod';
import type {
  CreateStatusCheckBody,
  StatusCheckStatus,
  UpdateStatusCheckBody,
} from '../../../shared/api/statusChecks';
import { shaIsHead } from '../../../shared/merge-requests/mergeChoices';
import type { CurrentUser } from '../../auth/current-user';
import { can, type Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
} from '../../errors';
import type { JobQueue } from '../../jobs/jobs';
import type { EventBus } from '../../realtime/bus';
import { announceMergeRequest } from '../merge-requests/merge-request-events';
import type { MergeRequestRow } from '../merge-requests/merge-request-rows';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import { ruleMatches } from '../protected-branches/branch-protection';
import {
  deleteStatusCheck,
  findResponse,
  insertResponse,
  insertStatusCheck,
  latestResponsesForHeads,
  listStatusChecks,
  markRetried,
  protectedBranchesByIds,
  setStatusCheckBranches,
  updateStatusCheck,
  type StatusCheck,
  type StatusCheckResponseRow,
} from './status-checks.repo';
import { statusCheckPayload } from './status-checks.presenter';
import { BlockedUrlError, postJson, systemNetwork, urlRefusal, type Network } from './outbound-request';

/** GitLab fails a check that stays pending longer than two minutes; a retry asks again. */
export const PENDING_TIMEOUT_MS = 2 * 60_000;
/** How long an outside service may take to accept the merge request data. */
const NOTIFY_TIMEOUT_MS = 10_000;
const NOTIFY_JOB = 'status_check.notify';
const notifyPayload = z.object({ responseId: z.number() });

export const SHA_MISMATCH = 'SHA does not match HEAD of source branch';
export const RETRY_ONLY_FAILED = 'External status check must be failed';

/** Whether a check applies to requests into this branch: scoped to protected branches, or to every one. */
export const appliesTo = (check: StatusCheck, targetBranch: string): boolean =>
  check.protectedBranches.length === 0 ||
  check.protectedBranches.some((branch) => ruleMatches(branch.name, targetBranch));

type RequestFacts = Pick<MergeRequestRow, 'id' | 'projectId' | 'targetBranch' | 'state'>;

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  jobs: JobQueue;
  config: Pick<Config, 'externalUrl' | 'allowLocalRequests'>;
  /** How host names resolve and which addresses are the server's own, when checking for local ones (tests pin it). */
  network?: Network;
  projects: Pick<ProjectsService, 'loadProject'>;
  mergeRequests: Pick<
    MergeRequestsService,
    'findReadable' | 'recordById' | 'lockRow' | 'statusChecksFrom' | 'onHeadChanged'
  >;
};

/**
 * External status checks (EXTERNAL_STATUS_CHECKS): services outside us that a maintainer registers.
 * Each new head commit of a merge request gets a pending answer per applicable check and the
 * server POSTs the merge request to the service, which answers passed or failed through the API.
 */
export function createStatusChecksService({
  db,
  clock,
  bus,
  jobs,
  config,
  network = systemNetwork,
  projects,
  mergeRequests,
}: Deps) {
  /** Background work reads the request as the system, not as a user. */
  const recordById = (id: number) => mergeRequests.recordById(id);

  /** An answer as it stands now: pending past the timeout counts as failed, as GitLab's does. */
  const statusOf = (response: StatusCheckResponseRow | undefined, now: Date): StatusCheckStatus => {
    if (!response) return 'pending';
    if (response.status === 'pending' && now.getTime() - response.createdAt.getTime() > PENDING_TIMEOUT_MS)
      return 'failed';
    return response.status;
  };

  /** Each applicable check with its status for the request's head commit. */
  async function checksOf(requests: RequestFacts[]) {
    const now = clock.now();
    const checks = await listStatusChecks(db, [...new Set(requests.map((mr) => mr.projectId))]);
    const applicable = new Map(
      requests.map((mr) => [
        mr.id,
        checks.filter((check) => check.projectId === mr.projectId && appliesTo(check, mr.targetBranch)),
      ]),
    );
    const withChecks = requests.filter((mr) => (applicable.get(mr.id) ?? []).length > 0).map((mr) => mr.id);
    const responses = await latestResponsesForHeads(db, withChecks);
    const answer = (mrId: number, checkId: number) =>
      responses.find((r) => r.mergeRequestId === mrId && r.externalStatusCheckId === checkId);
    return new Map(
      requests.map((mr) => [
        mr.id,
        (applicable.get(mr.id) ?? []).map((check) => ({
          check,
          response: answer(mr.id, check.id),
          status: statusOf(answer(mr.id, check.id), now),
        })),
      ]),
    );
  }

  /** For the mergeability check: none apply, all passed, or one is pending or failed (failed wins). */
  async function statesOf(requests: RequestFacts[]) {
    const open = requests.filter((mr) => mr.state === 'opened');
    const all = await checksOf(open);
    const states = new Map<number, 'none' | 'passed' | 'pending' | 'failed'>();
    for (const [id, checks] of all) {
      const statuses = checks.map((c) => c.status);
      states.set(
        id,
        statuses.length === 0
          ? 'none'
          : statuses.includes('failed')
            ? 'failed'
            : statuses.includes('pending')
              ? 'pending'
              : 'passed',
      );
    }
    return states;
  }

  async function loadForAdmin(actor: Actor, projectRef: number | string) {
    return projects.loadProject(actor, projectRef, 'admin_project');
  }

  async function findCheck(ctx: ProjectContext, checkId: number): Promise<StatusCheck> {
    const check = (await listStatusChecks(db, [ctx.project.id])).find((c) => c.id === checkId);
    if (!check) throw new NotFoundError('External status check');
    return check;
  }

  /** Protected branches named by id must be this project's. */
  async function branchIdsOf(ctx: ProjectContext, ids: number[] | undefined): Promise<number[] | undefined> {
    if (ids === undefined) return undefined;
    const unique = [...new Set(ids)];
    const found = await protectedBranchesByIds(db, ctx.project.id, unique);
    if (found.length !== unique.length) throw new BadRequestError('protected_branch_ids is invalid');
    return unique;
  }

  /** A URL on this machine or its local network is refused, unless the instance allows local requests. */
  async function assertPublicUrl(url: string | undefined): Promise<void> {
    if (url === undefined || config.allowLocalRequests) return;
    const reason = await urlRefusal(url, network);
    if (reason) throw new BadRequestError(`External url is blocked: ${reason}`);
  }

  async function list(actor: Actor, projectRef: number | string) {
    const ctx = await loadForAdmin(actor, projectRef);
    return listStatusChecks(db, [ctx.project.id]);
  }

  async function create(actor: CurrentUser, projectRef: number | string, input: CreateStatusCheckBody) {
    const ctx = await loadForAdmin(actor, projectRef);
    if (ctx.project.archived) throw new ForbiddenError();
    const branchIds = await branchIdsOf(ctx, input.protected_branch_ids);
    await assertPublicUrl(input.external_url);
    const id = await db.transaction(async (tx) => {
      const row = await insertStatusCheck(tx, {
        projectId: ctx.project.id,
        name: input.name,
        externalUrl: input.external_url,
      });
      if (!row) throw new BadRequestError('Name has already been taken');
      await setStatusCheckBranches(tx, row.id, branchIds ?? []);
      return row.id;
    });
    return findCheck(ctx, id);
  }

  async function update(
    actor: CurrentUser,
    projectRef: number | string,
    checkId: number,
    input: UpdateStatusCheckBody,
  ) {
    const ctx = await loadForAdmin(actor, projectRef);
    if (ctx.project.archived) throw new ForbiddenError();
    await findCheck(ctx, checkId);
    const branchIds = await branchIdsOf(ctx, input.protected_branch_ids);
    await assertPublicUrl(input.external_url);
    if (input.name !== undefined) {
      const taken = (await listStatusChecks(db, [ctx.project.id])).some(
        (c) => c.id !== checkId && c.name === input.name,
      );
      if (taken) throw new BadRequestError('Name has already been taken');
    }
    await db.transaction(async (tx) => {
      await updateStatusCheck(tx, checkId, {
        name: input.name,
        externalUrl: input.external_url,
        updatedAt: clock.now(),
      });
      if (branchIds !== undefined) await setStatusCheckBranches(tx, checkId, branchIds);
    });
    return findCheck(ctx, checkId);
  }

  async function remove(actor: CurrentUser, projectRef: number | string, checkId: number): Promise<void> {
    const ctx = await loadForAdmin(actor, projectRef);
    if (!(await deleteStatusCheck(db, ctx.project.id, checkId)))
      throw new NotFoundError('External status check');
  }

  /** `GET .../merge_requests/:iid/status_checks`: every reader of the request sees how its checks stand. */
  async function forMergeRequest(actor: Actor, projectRef: number | string, iid: number) {
    const { record } = await mergeRequests.findReadable(actor, projectRef, iid);
    const mr = record.mergeRequest;
    return (await checksOf([mr])).get(mr.id) ?? [];
  }

  /** Loads a request whose checks the actor may answer or retry (Developers and up, as GitLab). */
  async function loadForResponse(actor: Actor, projectRef: number | string, iid: number) {
    const { ctx, record } = await mergeRequests.findReadable(actor, projectRef, iid);
    if (!can(actor, 'provide_status_check_response', projectSubject(ctx))) throw new ForbiddenError();
    const mr = record.mergeRequest;
    return { ctx, mr, checks: (await checksOf([mr])).get(mr.id) ?? [] };
  }

  /** An outside service's answer for the request's head commit. */
  async function respond(
    actor: CurrentUser,
    projectRef: number | string,
    iid: number,
    input: { sha: string; external_status_check_id: number; status: 'passed' | 'failed' },
  ) {
    const { ctx, mr, checks } = await loadForResponse(actor, projectRef, iid);
    const entry = checks.find((c) => c.check.id === input.external_status_check_id);
    if (!entry) throw new NotFoundError('External status check');
    if (!shaIsHead(input.sha, mr.headSha)) throw new ConflictError(SHA_MISMATCH);
    const response = await db.transaction(async (tx) => {
      await mergeRequests.lockRow(mr.id, tx);
      return insertResponse(tx, {
        mergeRequestId: mr.id,
        externalStatusCheckId: entry.check.id,
        sha: input.sha,
        status: input.status,
        createdAt: clock.now(),
      });
    });
    await announceMergeRequest(bus, mr);
    return { response, check: entry.check, mergeRequest: mr, fullPath: ctx.fullPath };
  }

  /** Asks a failed check again: a new pending answer for the head commit, and the data sent again. */
  async function retry(actor: CurrentUser, projectRef: number | string, iid: number, checkId: number) {
    const { mr, checks } = await loadForResponse(actor, projectRef, iid);
    const entry = checks.find((c) => c.check.id === checkId);
    if (!entry) throw new NotFoundError('External status check');
    if (entry.status !== 'failed' || !mr.headSha) throw new UnprocessableError(RETRY_ONLY_FAILED);
    const headSha = mr.headSha;
    await db.transaction(async (tx) => {
      await mergeRequests.lockRow(mr.id, tx);
      const now = clock.now();
      if (entry.response) await markRetried(tx, entry.response.id, now);
      await askCheck(tx, mr.id, entry.check.id, headSha, now);
    });
    await announceMergeRequest(bus, mr);
  }

  async function askCheck(tx: Db, mergeRequestId: number, checkId: number, sha: string, now: Date) {
    const pending = await insertResponse(tx, {
      mergeRequestId,
      externalStatusCheckId: checkId,
      sha,
      status: 'pending',
      createdAt: now,
    });
    await jobs.enqueue(
      { queue: `status_checks:${mergeRequestId}`, kind: NOTIFY_JOB, payload: { responseId: pending.id } },
      tx,
    );
  }

  /**
   * A merge request got a new head commit (it was opened, or its branch was pushed): every
   * applicable check not yet asked about that commit gets a pending answer and the data.
   */
  async function headChanged(mergeRequestId: number): Promise<void> {
    const mr = (await recordById(mergeRequestId))?.mergeRequest;
    if (!mr || mr.state !== 'opened' || !mr.headSha) return;
    const headSha = mr.headSha;
    const checks = (await checksOf([mr])).get(mr.id) ?? [];
    const unasked = checks.filter((c) => !c.response);
    if (unasked.length === 0) return;
    await db.transaction(async (tx) => {
      await mergeRequests.lockRow(mr.id, tx);
      const now = clock.now();
      for (const { check } of unasked) await askCheck(tx, mr.id, check.id, headSha, now);
    });
    await announceMergeRequest(bus, mr);
  }

  /**
   * The job: POSTs the merge request to the check's service; an error or a non-2xx answer is
   * retried. A service on a local address (unless allowed) fails the check at once.
   */
  async function notify(payload: unknown): Promise<void> {
    const response = await findResponse(db, notifyPayload.parse(payload).responseId);
    if (!response || response.status !== 'pending') return;
    const record = await recordById(response.mergeRequestId);
    if (!record) return;
    const check = (await listStatusChecks(db, [record.mergeRequest.projectId])).find(
      (c) => c.id === response.externalStatusCheckId,
    );
    if (!check) return;
    const body = statusCheckPayload({ record, check, sha: response.sha }, config);
    try {
      const status = await postJson(check.externalUrl, body, {
        allowLocal: config.allowLocalRequests,
        network,
        timeoutMs: NOTIFY_TIMEOUT_MS,
        userAgent: 'Mergeway status checks',
      });
      if (status < 200 || status > 299) throw new Error(`status check ${check.id} answered ${status}`);
    } catch (error) {
      if (!(error instanceof BlockedUrlError)) throw error;
      // Asking again would be refused again: the check fails now, and a retry asks once the URL is fixed.
      await db.transaction(async (tx) => {
        await mergeRequests.lockRow(response.mergeRequestId, tx);
        await insertResponse(tx, {
          mergeRequestId: response.mergeRequestId,
          externalStatusCheckId: check.id,
          sha: response.sha,
          status: 'failed',
          createdAt: clock.now(),
        });
      });
      await announceMergeRequest(bus, record.mergeRequest);
    }
  }

  jobs.register(NOTIFY_JOB, notify);
  // Merge requests sit below status checks: the checks plug into their merge checks and new heads.
  mergeRequests.statusChecksFrom(statesOf);
  mergeRequests.onHeadChanged.add(headChanged);

  return { list, create, update, remove, forMergeRequest, respond, retry, headChanged, statesOf };
}

export type StatusChecksService = ReturnType<typeof createStatusChecksService>;
