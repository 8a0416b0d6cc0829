/** What merge and squash commit messages are written from. People are `Name <email>`. */
export type CommitMessageFacts = {
  sourceBranch: string;
  targetBranch: string;
  title: string;
  description: string;
  /** `group/project!12` */
  reference: string;
  sourceProjectId: number;
  url: string;
  mergeRequestAuthor: string | null;
  mergedBy: string;
  /** The merge request's commits, newest first. */
  commits: ReadonlyArray<{ message: string; author: string }>;
};

const lastOf = <T>(items: ReadonlyArray<T>): T | undefined => items[items.length - 1];

/**
 * GitLab's template variables. Issues, reviewers and approvals do not exist here yet: their
 * variables are empty, so the lines holding only them disappear.
 */
const VARIABLES: Record<string, (facts: CommitMessageFacts) => string> = {
  source_branch: (f) => f.sourceBranch,
  target_branch: (f) => f.targetBranch,
  title: (f) => f.title,
  description: (f) => f.description,
  reference: (f) => f.reference,
  local_reference: (f) => f.reference.slice(f.reference.lastIndexOf('!')),
  source_project_id: (f) => String(f.sourceProjectId),
  url: (f) => f.url,
  first_commit: (f) => lastOf(f.commits)?.message.trim() ?? '',
  first_multiline_commit: (f) =>
    [...f.commits]
      .reverse()
      .find((c) => c.message.trim().includes('\n'))
      ?.message.trim() ?? f.title,
  merge_request_author: (f) => f.mergeRequestAuthor ?? '',
  merged_by: (f) => f.mergedBy,
  all_commits: (f) => f.commits.map((c) => `* ${c.message.trim()}`).join('\n'),
  co_authored_by: (f) =>
    [...new Set(f.commits.map((c) => c.author))]
      .filter((author) => author !== f.mergedBy)
      .map((author) => `Co-authored-by: ${author}`)
      .join('\n'),
  issues: () => '',
  reviewed_by: () => '',
  approved_by: () => '',
};

/** The `%{variable}` names a merge or squash commit template may use. */
export const COMMIT_TEMPLATE_VARIABLES: readonly string[] = Object.keys(VARIABLES);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Fills `%{variable}` placeholders as GitLab does: a variable that comes out empty takes its line
 * along (and the blank line before it, when a blank line or the end follows); unknown
 * placeholders stay as written.
 */
export function renderCommitTemplate(template: string, facts: CommitMessageFacts): string {
  let message = template.replaceAll('\r', '');
  const used = [...new Set([...message.matchAll(/%\{([a-z_]+)\}/g)].map((m) => m[1] ?? ''))].filter(
    (name) => name in VARIABLES,
  );
  const values = new Map(used.map((name) => [name, VARIABLES[name]?.(facts) ?? '']));
  const empty = used.filter((name) => values.get(name)?.trim() === '').map(escape);
  if (empty.length > 0) {
    const names = empty.join('|');
    message = message.replace(new RegExp(`\\n\\n%\\{(${names})\\}(\\n\\n|$)`, 'g'), '$2');
    message = message.replace(new RegExp(`^%\\{(${names})\\}\\n`, 'gm'), '');
  }
  return message.replace(/%\{([a-z_]+)\}/g, (placeholder, name: string) => values.get(name) ?? placeholder);
}

/** GitLab's default merge commit message. */
export function defaultMergeCommitMessage(facts: CommitMessageFacts): string {
  return `Merge branch '${facts.sourceBranch}' into '${facts.targetBranch}'\n\n${facts.title}\n\nSee merge request ${facts.reference}`;
}

/** The project's template when it has one, else GitLab's default. */
export function mergeCommitMessage(template: string | null, facts: CommitMessageFacts): string {
  return template ? renderCommitTemplate(template, facts) : defaultMergeCommitMessage(facts);
}

/** The project's squash template when it has one, else the merge request's title, as GitLab does. */
export function squashCommitMessage(template: string | null, facts: CommitMessageFacts): string {
  return template ? renderCommitTemplate(template, facts) : facts.title;
}

/** GitLab's limit for merge and squash commit templates. */
export const MAX_COMMIT_TEMPLATE_LENGTH = 500;
