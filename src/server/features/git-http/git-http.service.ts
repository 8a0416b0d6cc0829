import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import { ForbiddenError, NotFoundError, UnauthorizedError } from '../../errors';
import type { CommandResult, RefCommand } from '../../git/receive-pack';
import { isDelete } from '../../git/receive-pack';
import { isValidBranchName, isValidTagName, readRef } from '../../git/repository';
import type { GitService } from '../../git/smart-http';
import type { EventBus } from '../../realtime/bus';
import { projectSubject, type ProjectContext, type ProjectsService } from '../projects/projects.service';
import type { ProtectedBranchesService } from '../protected-branches/protected-branches.service';
import type { PushChange, PushEvent, PushHooks } from './push-hooks';
import { judgeRef, PUSH_MESSAGES, type RefFacts } from './push-rules';

export const GIT_MESSAGES = {
  notFound: "The project you were looking for could not be found or you don't have permission to view it.",
} as const;

type Deps = {
  bus: EventBus;
  projects: Pick<ProjectsService, 'loadProject' | 'touchActivity'>;
  protectedBranches: Pick<ProtectedBranchesService, 'protectionResolver'>;
  pushHooks: PushHooks;
  /** Which projects a CI job's token reaches (the job token scope feature's rule). */
  jobTokenScope: { assertAllows(sourceProjectId: number, target: ProjectContext): Promise<void> };
};

export type PushVerdict =
  | { refused: false; fastForwardOnlyRefs: string[] }
  | { refused: true; results: CommandResult[]; messages: string[] };

/** Who may clone, fetch and push over smart HTTP, what a push may change, and what follows a push. */
export function createGitHttpService({ bus, projects, protectedBranches, pushHooks, jobTokenScope }: Deps) {
  /**
   * Anonymous visitors may clone public projects; for anything else they get 401 so that git asks
   * for credentials. Signed-in users who may not read the code get 404, as on the API. A token's
   * scopes were checked before: see the routes' `tokenScope`. A CI job token (of the job's project,
   * `jobProjectId`) reaches another project only as that project's job token scope allows: 403
   * with GitLab's words otherwise.
   */
  async function authorize(
    actor: CurrentUser | null,
    fullPath: string,
    service: GitService,
    jobProjectId?: number,
  ): Promise<ProjectContext> {
    const push = service === 'git-receive-pack';
    if (!actor && push) throw new UnauthorizedError();
    let ctx: ProjectContext;
    try {
      ctx = await projects.loadProject(actor, fullPath);
    } catch (error) {
      if (error instanceof NotFoundError && !actor) throw new UnauthorizedError();
      throw error;
    }
    if (!can(actor, 'read_code', projectSubject(ctx))) {
      if (!actor) throw new UnauthorizedError();
      throw new NotFoundError();
    }
    if (jobProjectId !== undefined) await jobTokenScope.assertAllows(jobProjectId, ctx);
    if (push && !can(actor, 'push_code', projectSubject(ctx)))
      throw new ForbiddenError(PUSH_MESSAGES.pushCode);
    return ctx;
  }

  /** As `authorize` for a push, which always has a signed-in pusher. */
  async function authorizePush(
    actor: CurrentUser | null,
    fullPath: string,
  ): Promise<{ ctx: ProjectContext; actor: CurrentUser }> {
    if (!actor) throw new UnauthorizedError();
    return { ctx: await authorize(actor, fullPath, 'git-receive-pack'), actor };
  }

  async function refFacts(
    command: RefCommand,
    protectionOf: (branch: string) => RefFacts['protection'],
  ): Promise<RefFacts> {
    if (command.ref.startsWith('refs/heads/')) {
      const name = command.ref.slice('refs/heads/'.length);
      return {
        command,
        kind: 'branch',
        name,
        validName: await isValidBranchName(name),
        protection: protectionOf(name),
      };
    }
    if (command.ref.startsWith('refs/tags/')) {
      const name = command.ref.slice('refs/tags/'.length);
      return { command, kind: 'tag', name, validName: await isValidTagName(name), protection: null };
    }
    return { command, kind: 'other', name: command.ref, validName: false, protection: null };
  }

  /**
   * Judges every ref update before git writes anything. One refused ref refuses the whole push
   * (as GitLab's pre-receive check does), so a push never lands half.
   */
  async function judgePush(
    ctx: ProjectContext,
    actor: CurrentUser,
    commands: RefCommand[],
  ): Promise<PushVerdict> {
    const protectionOf = await protectedBranches.protectionResolver(ctx.project.id);
    const project = {
      visibility: ctx.project.visibility,
      archived: ctx.project.archived,
      accessLevel: ctx.accessLevel,
      defaultBranch: ctx.project.defaultBranch,
    };
    const verdicts = await Promise.all(
      commands.map(async (command) => ({
        command,
        verdict: judgeRef(actor, project, await refFacts(command, protectionOf)),
      })),
    );
    const refusals = verdicts.flatMap(({ verdict }) => (verdict.ok ? [] : [verdict.message]));
    if (refusals.length === 0) {
      return {
        refused: false,
        fastForwardOnlyRefs: verdicts.flatMap(({ command, verdict }) =>
          verdict.ok && verdict.fastForwardOnly ? [command.ref] : [],
        ),
      };
    }
    return {
      refused: true,
      results: verdicts.map(({ command, verdict }) => ({
        ref: command.ref,
        error: verdict.ok ? PUSH_MESSAGES.collateral : verdict.message,
      })),
      messages: [...new Set(refusals)],
    };
  }

  /**
   * After git finished: the refs that now hold what the client asked for (git may have refused
   * some, e.g. a force push or a stale old value) are the push's changes. They touch the project,
   * go out on the bus, and run the push hooks.
   */
  async function afterPush(
    ctx: ProjectContext,
    actor: CurrentUser,
    commands: RefCommand[],
    onHookError: (error: unknown) => void,
  ): Promise<PushChange[]> {
    const changes: PushChange[] = [];
    for (const command of commands) {
      const current = await readRef(ctx.gitDir, command.ref);
      const landed = isDelete(command) ? current === null : current === command.newSha;
      if (landed && command.oldSha !== command.newSha)
        changes.push({ ref: command.ref, oldSha: command.oldSha, newSha: command.newSha });
    }
    await announcePush({ project: ctx, actor, changes }, onHookError);
    return changes;
  }

  /**
   * Everything that follows refs moving, wherever they moved (a push, a commit or a branch made
   * through the API): the project's activity, the bus, the push hooks.
   */
  async function announcePush(event: PushEvent, onHookError: (error: unknown) => void): Promise<void> {
    if (event.changes.length === 0) return;
    const projectId = event.project.project.id;
    await projects.touchActivity(projectId);
    await bus.publish({ type: 'repository.pushed', projectId, refs: event.changes.map((c) => c.ref) });
    await pushHooks.run(event, onHookError);
  }

  return { authorize, authorizePush, judgePush, afterPush, announcePush };
}

export type GitHttpService = ReturnType<typeof createGitHttpService>;
