import { can, type Actor } from '../../auth/permissions';
import { ForbiddenError, NotFoundError } from '../../errors';
import { listCommits } from '../../git/commits';
import { diffCommits } from '../../git/diff';
import { mergeBase, resolveCommit } from '../../git/repository';
import { projectSubject, type ProjectsService } from '../projects/projects.service';

/** GitLab's compare lists at most this many files. */
const MAX_COMPARE_FILES = 1000;

/** REST `repository/compare`, GitLab's diff of two refs of a project. */
export function createCompareService({ projects }: { projects: Pick<ProjectsService, 'loadProject'> }) {
  /**
   * REST `repository/compare`: commits and files from `from` to `to` (refs or shas); by default
   * from their merge base (`from...to`), with `straight` from `from` itself (`from..to`).
   */
  async function compare(
    actor: Actor,
    projectRef: string,
    input: { from: string; to: string; straight: boolean },
  ) {
    const ctx = await projects.loadProject(actor, projectRef);
    if (!can(actor, 'read_code', projectSubject(ctx))) throw new ForbiddenError();
    const [fromSha, toSha] = await Promise.all([
      resolveCommit(ctx.gitDir, input.from),
      resolveCommit(ctx.gitDir, input.to),
    ]);
    if (!fromSha || !toSha) throw new NotFoundError('Ref');
    const base = input.straight ? fromSha : ((await mergeBase(ctx.gitDir, fromSha, toSha)) ?? fromSha);
    const [commits, diff] = await Promise.all([
      base === toSha ? [] : listCommits(ctx.gitDir, { revision: `${base}..${toSha}` }),
      diffCommits(ctx.gitDir, base, toSha, { maxFiles: MAX_COMPARE_FILES }),
    ]);
    return { ctx, commits: commits.reverse(), diff, sameRef: fromSha === toSha };
  }

  return { compare };
}
