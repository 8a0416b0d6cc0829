import { runGit } from './run-git';

/** A tag as the tags API tells it. */
export type Tag = {
  name: string;
  /** The tag object's id for an annotated tag, the commit's for a lightweight one (GitLab's `target`). */
  target: string;
  /** The commit the tag points at (peeled); null when it names a tree or blob. */
  commitSha: string | null;
  /** An annotated tag's message, null for a lightweight one. */
  message: string | null;
  /** An annotated tag's tagger date, null for a lightweight one. */
  createdAt: Date | null;
};

const FIELDS = ['%(refname:lstrip=2)', '%(objectname)', '%(objecttype)', '%(*objectname)', '%(*objecttype)'];
const TAGGER_DATE = '%(taggerdate:iso-strict)';
const CONTENTS = '%(contents)';

/**
 * Every tag, newest first (GitLab's default `order_by=updated`): by the date of the tag or of its
 * commit. Fields are NUL-separated and records end with a byte no message holds, so messages of
 * any shape come back whole.
 */
export async function listTags(gitDir: string): Promise<Tag[]> {
  const format = [...FIELDS, TAGGER_DATE, CONTENTS].join('%00') + '%01';
  const { stdout } = await runGit(gitDir, [
    'for-each-ref',
    '--sort=-creatordate',
    `--format=${format}`,
    'refs/tags/',
  ]);
  const tags: Tag[] = [];
  for (const record of stdout.toString('utf8').split('\x01')) {
    const fields = record.replace(/^\n/, '').split('\0');
    if (fields.length < 7) continue;
    const [name, sha, type, peeled, peeledType, taggerDate, contents] = fields as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const annotated = type === 'tag';
    const commitSha = annotated ? (peeledType === 'commit' ? peeled : null) : type === 'commit' ? sha : null;
    tags.push({
      name,
      target: sha,
      commitSha,
      message: annotated ? contents.replace(/\n$/, '') : null,
      createdAt: annotated && taggerDate ? new Date(taggerDate) : null,
    });
  }
  return tags;
}
