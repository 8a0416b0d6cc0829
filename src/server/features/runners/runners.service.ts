import { randomBytes } from 'node:crypto';
import type { RegisterRunnerBody, CreateUserRunnerBody, RunnerInfo } from '../../../shared/api/runners';
import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import { digestToken } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { BadRequestError, ForbiddenError } from '../../errors';
import { groupSubject, type GroupsService } from '../groups/groups.service';
import { projectSubject, type ProjectsService } from '../projects/projects.service';
import {
  deleteRunner,
  findRegistrationToken,
  findRunnerByTokenDigest,
  findRunnersByIds,
  groupFullPath,
  insertRunner,
  replaceRegistrationToken,
  runnerProjectIds,
  touchRunner,
  type NewRunner,
  type RunnerDetails,
  type RunnerRow,
} from './runners.repo';

/** The prefix of authentication tokens of runners created by a signed-in user (GitLab's). */
export const RUNNER_TOKEN_PREFIX = 'glrt-';
/** GitLab's prefix of runner registration tokens. */
export const REGISTRATION_TOKEN_PREFIX = 'GR1348941';

/** GitLab's words when a runner's creator may not create it there. */
export const INSUFFICIENT_PERMISSIONS = '403 Forbidden - Insufficient permissions';
export const INVALID_REGISTRATION_TOKEN = '403 Forbidden - invalid token supplied';

/** A runner's `contacted_at` moves at most this often: it asks every second while it streams a log. */
const CONTACT_RECORD_INTERVAL_MS = 60_000;

/** A runner as the other features see it. */
export type { RunnerRow as Runner };

/** A runner and where it may take jobs from: its projects (project runners) or group path (group runners). */
export type AuthenticatedRunner = RunnerRow & { projectIds: number[]; groupPath: string | null };

type Deps = {
  db: Db;
  clock: Clock;
  projects: Pick<ProjectsService, 'loadProject'>;
  groups: Pick<GroupsService, 'loadGroup'>;
};

const newRunnerToken = (prefix: string) => `${prefix}${randomBytes(20).toString('base64url')}`;

/** `paused` (or the older `active`), and the other settings, as columns. */
export function settingsOf(input: Partial<RegisterRunnerBody>): Partial<NewRunner> {
  const paused = input.paused ?? (input.active === undefined ? undefined : !input.active);
  const note = input.maintenance_note ?? input.maintainer_note;
  return {
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(note !== undefined ? { maintenanceNote: note } : {}),
    ...(paused !== undefined ? { paused } : {}),
    ...(input.locked !== undefined ? { locked: input.locked } : {}),
    ...(input.run_untagged !== undefined ? { runUntagged: input.run_untagged } : {}),
    ...(input.tag_list !== undefined ? { tagList: input.tag_list } : {}),
    ...(input.access_level !== undefined ? { accessLevel: input.access_level } : {}),
    ...(input.maximum_timeout !== undefined ? { maximumTimeout: input.maximum_timeout } : {}),
  };
}

/** What the runner said of itself, as columns (unknown keys of `info` are not kept). */
export function detailsOf(info: RunnerInfo | undefined, ipAddress: string): RunnerDetails {
  return {
    ipAddress,
    ...(info?.name !== undefined ? { name: info.name } : {}),
    ...(info?.version !== undefined ? { version: info.version } : {}),
    ...(info?.revision !== undefined ? { revision: info.revision } : {}),
    ...(info?.platform !== undefined ? { platform: info.platform } : {}),
    ...(info?.architecture !== undefined ? { architecture: info.architecture } : {}),
    ...(info?.executor !== undefined ? { executor: info.executor } : {}),
    ...(info?.features !== undefined ? { features: info.features } : {}),
  };
}

/**
 * Runners: creating them (by a signed-in user, or with a registration token), authenticating
 * their requests by token, and what they say of themselves. Tokens are shown once, kept hashed.
 */
export function createRunnersService({ db, clock, projects, groups }: Deps) {
  async function withScope(runner: RunnerRow): Promise<AuthenticatedRunner> {
    const projectIds = runner.runnerType === 'project_type' ? await runnerProjectIds(db, runner.id) : [];
    const groupPath =
      runner.runnerType === 'group_type' && runner.groupId ? await groupFullPath(db, runner.groupId) : null;
    return { ...runner, projectIds, groupPath };
  }

  /**
   * `POST /user/runners`: instance runners by administrators, group runners by the group's owners,
   * project runners by the project's maintainers. Answers the runner and its token, shown once.
   */
  async function createForUser(actor: CurrentUser, input: CreateUserRunnerBody) {
    const base = {
      creatorId: actor.id,
      registrationType: 'authenticated_user' as const,
      ...settingsOf(input),
    };
    const token = newRunnerToken(RUNNER_TOKEN_PREFIX);
    switch (input.runner_type) {
      case 'instance_type':
        if (!can(actor, 'create_runner', { type: 'instance' }))
          throw new ForbiddenError(INSUFFICIENT_PERMISSIONS);
        return { runner: await insert({ ...base, runnerType: 'instance_type' }, token), token };
      case 'group_type': {
        if (input.group_id === undefined)
          throw new BadRequestError('400 Bad request - Missing/invalid scope');
        const group = await groups.loadGroup(actor, input.group_id);
        if (!can(actor, 'create_runner', groupSubject(group)))
          throw new ForbiddenError(INSUFFICIENT_PERMISSIONS);
        return {
          runner: await insert({ ...base, runnerType: 'group_type', groupId: group.group.id }, token),
          token,
        };
      }
      case 'project_type': {
        if (input.project_id === undefined)
          throw new BadRequestError('400 Bad request - Missing/invalid scope');
        const ctx = await projects.loadProject(actor, input.project_id);
        if (!can(actor, 'create_runner', projectSubject(ctx)))
          throw new ForbiddenError(INSUFFICIENT_PERMISSIONS);
        return {
          runner: await insert({ ...base, runnerType: 'project_type' }, token, ctx.project.id),
          token,
        };
      }
    }
  }

  const insert = (values: Omit<NewRunner, 'tokenDigest'>, token: string, projectId?: number) =>
    insertRunner(db, { ...values, tokenDigest: digestToken(token) }, projectId);

  /**
   * `POST /runners` with a registration token: the instance's makes an instance runner, a
   * project's a runner of that project. The runner's token has no `glrt-` prefix, as GitLab's.
   */
  async function register(input: RegisterRunnerBody, ipAddress: string) {
    const owner = await findRegistrationToken(db, digestToken(input.token));
    if (!owner) throw new ForbiddenError(INVALID_REGISTRATION_TOKEN);
    const token = newRunnerToken('');
    const values = {
      registrationType: 'registration_token' as const,
      runnerType: owner.projectId === null ? ('instance_type' as const) : ('project_type' as const),
      ...settingsOf(input),
      ...detailsOf(input.info, ipAddress),
      contactedAt: clock.now(),
    };
    const runner = await insert(values, token, owner.projectId ?? undefined);
    return { runner, token };
  }

  /** The runner a token belongs to, with where it may take jobs from; null for an unknown token. */
  async function authenticate(token: string | undefined): Promise<AuthenticatedRunner | null> {
    if (!token) return null;
    const runner = await findRunnerByTokenDigest(db, digestToken(token));
    return runner ? withScope(runner) : null;
  }

  /** A runner asked: when, from where, and (when it says) what it is. */
  async function heartbeat(runnerId: number, details: RunnerDetails | null): Promise<void> {
    await touchRunner(db, runnerId, clock.now(), CONTACT_RECORD_INTERVAL_MS, details);
  }

  const unregister = (runner: RunnerRow) => deleteRunner(db, runner.id);

  /** A new registration token for the instance (administrators) or a project (its maintainers). */
  async function resetRegistrationToken(actor: CurrentUser, projectRef: string | null): Promise<string> {
    let projectId: number | null = null;
    if (projectRef === null) {
      if (!can(actor, 'create_runner', { type: 'instance' })) throw new ForbiddenError();
    } else {
      const ctx = await projects.loadProject(actor, projectRef);
      if (!can(actor, 'create_runner', projectSubject(ctx))) throw new ForbiddenError();
      projectId = ctx.project.id;
    }
    const token = `${REGISTRATION_TOKEN_PREFIX}${randomBytes(15).toString('base64url')}`;
    await db.transaction((tx) => replaceRegistrationToken(tx, projectId, digestToken(token)));
    return token;
  }

  /**
   * The instance runner the server starts for itself: the one `token` belongs to when it still
   * exists, else a new one, whose token the caller keeps.
   */
  async function ensureEmbeddedRunner(token: string | null): Promise<{ runner: RunnerRow; token: string }> {
    const existing = token ? await findRunnerByTokenDigest(db, digestToken(token)) : null;
    if (existing && token) return { runner: existing, token };
    const fresh = newRunnerToken(RUNNER_TOKEN_PREFIX);
    const runner = await insert(
      { runnerType: 'instance_type', description: 'Embedded runner', runUntagged: true },
      fresh,
    );
    return { runner, token: fresh };
  }

  const byIds = (ids: number[]) => findRunnersByIds(db, ids);

  return {
    createForUser,
    register,
    authenticate,
    heartbeat,
    unregister,
    resetRegistrationToken,
    ensureEmbeddedRunner,
    byIds,
  };
}

export type RunnersService = ReturnType<typeof createRunnersService>;
