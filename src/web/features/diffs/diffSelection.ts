/** What selects the diff: whitespace, and a version, a version range or one commit. */
export type DiffSelection = {
  ignoreWhitespace: boolean;
  diffId?: number;
  startSha?: string;
  commitId?: string;
  /** Compared with the target's head as merged (GitLab's `diff_head`). */
  diffHead?: boolean;
  /** Only the request's previously merged commits (GitLab's `only_context_commits`). */
  onlyContextCommits?: boolean;
};

const SHA = /^[0-9a-f]{40}$/;
const shaParam = (value: string | null) => (value && SHA.test(value) ? value : undefined);
const idParam = (value: string | null) => (value && /^\d{1,12}$/.test(value) ? Number(value) : undefined);

/** The diff the Changes tab's address selects (version, range, commit), with the whitespace choice. */
export function diffSelectionFrom(search: URLSearchParams, showWhitespace: boolean): DiffSelection {
  return {
    ignoreWhitespace: !showWhitespace,
    diffId: idParam(search.get('diff_id')),
    startSha: shaParam(search.get('start_sha')),
    commitId: shaParam(search.get('commit_id')),
    diffHead: search.get('diff_head') === 'true',
    onlyContextCommits: search.get('only_context_commits') === 'true',
  };
}
