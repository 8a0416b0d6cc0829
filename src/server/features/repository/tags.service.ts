import type { CurrentUser } from '../../auth/current-user';
import { can } from '../../auth/permissions';
import { ForbiddenError } from '../../errors';
import { readCommits, type Commit } from '../../git/commits';
import { listTags, type Tag } from '../../git/tags';
import { projectSubject, type ProjectContext } from '../projects/projects.service';
import { matchesSearch, type Page } from './repository.service';

export type TagView = Tag & { commit: Commit | null };

/** A project's tags, read by whoever may read its code (Reporters of a private project and up). */
export function createTagsService() {
  async function list(
    ctx: ProjectContext,
    actor: CurrentUser | null,
    options: { search?: string; page: Page },
  ): Promise<{ tags: TagView[]; total: number }> {
    if (!can(actor, 'read_code', projectSubject(ctx))) throw new ForbiddenError();
    const all = (await listTags(ctx.gitDir)).filter((tag) => matchesSearch(tag.name, options.search));
    const slice = all.slice(options.page.offset, options.page.offset + options.page.limit);
    const commits = await readCommits(
      ctx.gitDir,
      slice.flatMap((tag) => (tag.commitSha ? [tag.commitSha] : [])),
    );
    return {
      tags: slice.map((tag) => ({ ...tag, commit: (tag.commitSha && commits.get(tag.commitSha)) || null })),
      total: all.length,
    };
  }

  return { list };
}

export type TagsService = ReturnType<typeof createTagsService>;
