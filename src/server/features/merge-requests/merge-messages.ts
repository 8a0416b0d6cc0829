import {
  mergeCommitMessage,
  squashCommitMessage,
  type CommitMessageFacts,
} from '../../../shared/merge-requests/commitMessage';
import type { CurrentUser } from '../../auth/current-user';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { listDiffCommits, type MergeRequestRecord } from './merge-requests.repo';

/** What a merge asks for besides "merge it": the head seen, squash, branch removal, its own messages. */
export type MergeOptions = {
  /** The source head the merger saw; a different head is refused. */
  sha?: string;
  squash?: boolean;
  shouldRemoveSourceBranch?: boolean;
  mergeCommitMessage?: string;
  squashCommitMessage?: string;
};

const person = (user: { name: string; email: string }) => `${user.name} <${user.email}>`;

/** GitLab's template variables that read the request's commits (see shared/merge-requests/commitMessage). */
const COMMIT_VARIABLES = /%\{(first_commit|first_multiline_commit|all_commits|co_authored_by)\}/;

/** The commit messages of a merge: the project's templates filled in, or the merger's own. */
export function createMergeMessages({ db, config }: { db: Db; config: Pick<Config, 'externalUrl'> }) {
  /** The facts the templates fill in; the commits are read only when a template asks for them. */
  async function messageFacts(
    view: MergeRequestRecord,
    merger: CurrentUser | null,
    templates: (string | null)[],
  ): Promise<CommitMessageFacts> {
    const mr = view.mergeRequest;
    const readsCommits = templates.some((template) => template !== null && COMMIT_VARIABLES.test(template));
    // GitLab's templates read at most the hundred newest commits.
    const commits =
      view.latestDiff && readsCommits
        ? await listDiffCommits(db, view.latestDiff.id, { offset: 0, limit: 100 })
        : [];
    return {
      sourceBranch: mr.sourceBranch,
      targetBranch: mr.targetBranch,
      title: mr.title,
      description: mr.description,
      reference: `${view.projectFullPath}!${mr.iid}`,
      sourceProjectId: mr.sourceProjectId,
      url: `${config.externalUrl}/${view.projectFullPath}/-/merge_requests/${mr.iid}`,
      mergeRequestAuthor:
        view.author && view.authorEmail ? person({ ...view.author, email: view.authorEmail }) : null,
      mergedBy: merger ? person(merger) : '',
      commits: commits.map((c) => ({
        message: c.message,
        author: person({ name: c.authorName, email: c.authorEmail }),
      })),
    };
  }

  async function defaultMessages(view: MergeRequestRecord, merger: CurrentUser | null) {
    const { mergeCommitTemplate, squashCommitTemplate } = view.settings;
    const facts = await messageFacts(view, merger, [mergeCommitTemplate, squashCommitTemplate]);
    return {
      merge: mergeCommitMessage(mergeCommitTemplate, facts),
      squash: squashCommitMessage(squashCommitTemplate, facts),
    };
  }

  /** The messages a merge writes: the merger's own, else the project's templates for those it will use. */
  async function messagesFor(
    view: MergeRequestRecord,
    merger: CurrentUser,
    options: MergeOptions,
    squash: boolean,
  ): Promise<{ merge: string; squash: string | null }> {
    const given = (text: string | undefined) => (text?.trim() ? text : null);
    const ownMerge = given(options.mergeCommitMessage);
    const ownSquash = squash ? given(options.squashCommitMessage) : null;
    const { mergeCommitTemplate, squashCommitTemplate } = view.settings;
    const templates = [ownMerge === null ? mergeCommitTemplate : null];
    if (squash && ownSquash === null) templates.push(squashCommitTemplate);
    const facts = await messageFacts(view, merger, templates);
    return {
      merge: ownMerge ?? mergeCommitMessage(mergeCommitTemplate, facts),
      squash: squash ? (ownSquash ?? squashCommitMessage(squashCommitTemplate, facts)) : null,
    };
  }

  return { defaultMessages, messagesFor };
}
