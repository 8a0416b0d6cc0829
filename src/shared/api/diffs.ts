import { z } from 'zod';
import { booleanParam } from './params';
import { commitSchema, diffFileSchema as restDiffFileSchema } from './repository';

/**
 * The Changes tab's contracts, in GitLab's field names (spec 001 sections 3 and 7.3). The page's
 * JSON endpoints live under `{project}/-/merge_requests/{iid}/`: `diffs_metadata.json`,
 * `diffs_batch.json` and `diff_for_path.json`.
 */

/** The spec caps a batch at 30 files; the client's multiplier never asks for more. */
export const MAX_DIFFS_PER_PAGE = 30;

/**
 * `type` of a diff line: `new` added, `old` removed, `match` a hunk header, null an unchanged
 * context line; git's "\ No newline at end of file" marker follows the side it belongs to.
 */
export const DIFF_LINE_TYPES = ['new', 'old', 'match', 'old-nonewline', 'new-nonewline'] as const;
export type DiffLineType = (typeof DIFF_LINE_TYPES)[number];

export const diffLineSchema = z.object({
  /** `{sha1(file_path)}_{old_pos}_{new_pos}`; null on hunk headers and no-newline markers. */
  line_code: z.string().nullable(),
  type: z.enum(DIFF_LINE_TYPES).nullable(),
  old_line: z.number().int().nullable(),
  new_line: z.number().int().nullable(),
  /** The line as git printed it, with its `+`, `-` or space prefix. */
  text: z.string(),
  /** The prefix followed by the highlighted HTML of the line; valid HTML on its own. */
  rich_text: z.string(),
  /** Hunk headers only: where the hunk starts on each side. */
  meta_data: z.object({ old_pos: z.number().int(), new_pos: z.number().int() }).nullable(),
});
export type DiffLine = z.infer<typeof diffLineSchema>;

/**
 * Why a file shows no lines: `text` has them; `not_diffable` is binary (or posing as text);
 * `too_large` is over the size limits; `collapsed` loads on demand; `no_preview` is a mode-only
 * change or a rename without content changes.
 */
export const DIFF_VIEWER_NAMES = [
  'text',
  'image',
  'not_diffable',
  'too_large',
  'collapsed',
  'no_preview',
] as const;
export type DiffViewerName = (typeof DIFF_VIEWER_NAMES)[number];

export const diffViewerSchema = z.object({
  name: z.enum(DIFF_VIEWER_NAMES),
  collapsed: z.boolean(),
  /** Plain-language reason when the viewer shows no lines ("The file is binary."). */
  reason: z.string().nullable(),
});

export const diffRefsSchema = z.object({
  base_sha: z.string(),
  start_sha: z.string(),
  head_sha: z.string(),
});
export type DiffRefs = z.infer<typeof diffRefsSchema>;

const submoduleCompareSchema = z.object({
  old_sha: z.string(),
  new_sha: z.string(),
  url: z.string().nullable(),
});

/** A file of the diff without its lines, as `diffs_metadata.json` lists it. */
export const diffFileMetadataSchema = z.object({
  /** sha1 of `file_path`: the `#diff-content-{file_hash}` anchor. */
  file_hash: z.string(),
  file_path: z.string(),
  old_path: z.string(),
  new_path: z.string(),
  new_file: z.boolean(),
  renamed_file: z.boolean(),
  deleted_file: z.boolean(),
  mode_changed: z.boolean(),
  a_mode: z.string(),
  b_mode: z.string(),
  submodule: z.boolean(),
  stored_externally: z.boolean(),
  external_storage: z.literal('lfs').nullable(),
  /** Bytes of the file shown (new side, old for a deletion); an LFS object's own size; 0 for a submodule. */
  size: z.number().int(),
  added_lines: z.number().int(),
  removed_lines: z.number().int(),
  viewer: diffViewerSchema,
});
export type DiffFileMetadata = z.infer<typeof diffFileMetadataSchema>;

/** A file of the diff with its lines, as `diffs_batch.json` and `diff_for_path.json` return it. */
export const diffFileSchema = diffFileMetadataSchema.extend({
  old_path_html: z.string(),
  new_path_html: z.string(),
  /** `readable_text`: git can show the file as text, whatever the viewer (a rename without changes too). */
  blob: z.object({ id: z.string(), readable_text: z.boolean() }).nullable(),
  /** LFS files: where the object is served (the raw file URL); null otherwise. */
  external_url: z.string().nullable(),
  formatted_external_url: z.string().nullable(),
  content_sha: z.string(),
  diff_refs: diffRefsSchema,
  view_path: z.string(),
  replaced_view_path: z.string().nullable(),
  context_lines_path: z.string().nullable(),
  load_collapsed_diff_url: z.string(),
  /** A submodule's project (a path on this server, or its http(s) URL); null when `.gitmodules` gives no page. */
  submodule_link: z.string().nullable(),
  /** The submodule's files at the new commit. */
  submodule_tree_url: z.string().nullable(),
  submodule_compare: submoduleCompareSchema.nullable(),
  /** The source branch's edit page (`?from_merge_request_iid=` while open); null unless the diff ends at the latest push. */
  edit_path: z.string().nullable(),
  ide_edit_path: z.string().nullable(),
  /** The reader may commit an edit of this file to the source branch. */
  can_modify_blob: z.boolean(),
  /** Images only: bytes of the old and the new file (null for the side that does not exist, and for other files). */
  old_size: z.number().int().nullable(),
  new_size: z.number().int().nullable(),
  /** True when the file's lines go past git's limits (`too_large` viewer): nothing is listed. */
  too_large: z.boolean(),
  /** No `match` line: the lines cover the whole file, so there is no context left to expand. */
  is_fully_expanded: z.boolean(),
  highlighted_diff_lines: z.array(diffLineSchema),
});
export type DiffFile = z.infer<typeof diffFileSchema>;

/** One push to the source branch; the latest comes first. */
export const diffVersionSchema = z.object({
  id: z.number().int(),
  version_index: z.number().int(),
  head_commit_sha: z.string(),
  base_commit_sha: z.string(),
  start_commit_sha: z.string(),
  commits_count: z.number().int(),
  latest: z.boolean(),
  created_at: z.string(),
  /** Opens this version (`?diff_id=`). */
  version_path: z.string(),
  /** Compares this version with the selected one (`?diff_id=&start_sha=`). */
  compare_path: z.string(),
  /** The HEAD comparison of the latest version; null where the heads conflict. */
  head_version_path: z.string().nullable(),
  base_version_path: z.string(),
});
export type DiffVersion = z.infer<typeof diffVersionSchema>;

/** The commit being shown alone, with its neighbours in the merge request (oldest first). */
export const diffCommitSchema = z.object({
  id: z.string(),
  short_id: z.string(),
  title: z.string(),
  prev_commit_id: z.string().nullable(),
  next_commit_id: z.string().nullable(),
});

export const diffsMetadataSchema = z.object({
  real_size: z.string(),
  size: z.number().int(),
  added_lines: z.number().int(),
  removed_lines: z.number().int(),
  diff_refs: diffRefsSchema,
  /** Non-UTF-8 file names are shown lossily; GitLab then warns that paths are encoded. */
  has_encoded_file_paths: z.boolean(),
  target_branch_name: z.string(),
  source_branch_name: z.string(),
  diff_files: z.array(diffFileMetadataSchema),
  merge_request_diffs: z.array(diffVersionSchema),
  /** The version shown: the latest unless `diff_id` chose another. */
  merge_request_diff: diffVersionSchema.nullable(),
  start_version: diffVersionSchema.nullable(),
  commit: diffCommitSchema.nullable(),
  /** GitLab's "previously merged commits" entry: present only when the request has context commits. */
  context_commits_diff: z
    .object({
      commits_count: z.number().int(),
      /** The diff shown is the combined change of the context commits (`only_context_commits=true`). */
      showing_context_commits_diff: z.boolean(),
      diffs_path: z.string(),
    })
    .optional(),
});
export type DiffsMetadata = z.infer<typeof diffsMetadataSchema>;

/**
 * GitLab's batch pagination for `page` read as a file offset: `total_pages` is, despite its name,
 * the number of files in the whole diff, and null when the batch holds no file (an empty diff, or
 * an offset past its end). A client has every file once it has loaded that many.
 */
export const diffsPaginationSchema = z.object({
  total_pages: z.number().int().nullable(),
});

export const diffsBatchSchema = z.object({
  pagination: diffsPaginationSchema,
  diff_files: z.array(diffFileSchema),
});
export type DiffsBatch = z.infer<typeof diffsBatchSchema>;

/**
 * `coverage_reports.json`: per file path, per new line number, how often tests ran the line.
 * GitLab's client polls until a 200 answers; an empty map is "no markers".
 */
export const coverageReportSchema = z.object({
  files: z.record(z.string(), z.record(z.string(), z.number().int())),
});
export type CoverageReport = z.infer<typeof coverageReportSchema>;

export const diffForPathSchema = z.object({ diff_files: z.array(diffFileSchema) });
export type DiffForPath = z.infer<typeof diffForPathSchema>;

const sha = z.string().regex(/^[0-9a-f]{40}$/, 'is not a commit sha');
const whitespace = z.union([z.literal('0'), z.literal('1')]).optional();
const view = z.enum(['inline', 'parallel']).optional();

/** What selects the diff shown: a version, a version compared with an older one, or one commit. */
const versionSelection = {
  /** Compare with the target branch's head as merged ("previously merged commits" left out). */
  diff_head: booleanParam.optional(),
  diff_id: z.coerce.number().int().positive().optional(),
  start_sha: sha.optional(),
  commit_id: sha.optional(),
  /** Only the merge request's context commits ("previously merged commits"). */
  only_context_commits: booleanParam.optional(),
};

export const diffsMetadataQuerySchema = z.object({ w: whitespace, view, ...versionSelection });
export type DiffsMetadataQuery = z.infer<typeof diffsMetadataQuerySchema>;

export const diffsBatchQuerySchema = z.object({
  /** The index of the batch's first file in the metadata's list (GitLab's client starts at 0). */
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  per_page: z.coerce.number().int().min(1).max(MAX_DIFFS_PER_PAGE).default(20),
  w: whitespace,
  view,
  ...versionSelection,
});
export type DiffsBatchQuery = z.infer<typeof diffsBatchQuerySchema>;

export const diffForPathQuerySchema = z.object({
  old_path: z.string().max(4096).optional(),
  new_path: z.string().max(4096).optional(),
  w: whitespace,
  view,
  ...versionSelection,
});
export type DiffForPathQuery = z.infer<typeof diffForPathQuerySchema>;

/** Context lines around a hunk (`{project}/-/blob/{sha}/{path}/diff`), GitLab's parameters. */
export const contextLinesQuerySchema = z.object({
  since: z.coerce.number().int().min(1).max(10_000_000).optional(),
  to: z.coerce.number().int().min(1).max(10_000_000).optional(),
  offset: z.coerce.number().int().min(-10_000_000).max(10_000_000).default(0),
  unfold: booleanParam.optional(),
  bottom: booleanParam.optional(),
  full: booleanParam.optional(),
});
export type ContextLinesQuery = z.infer<typeof contextLinesQuerySchema>;

/** `GET/PUT /api/v4/user/preferences`: the diff settings the Changes tab remembers. */
export const diffPreferencesSchema = z.object({
  show_whitespace_in_diffs: z.boolean(),
  view_diffs_file_by_file: z.boolean(),
});
export type DiffPreferences = z.infer<typeof diffPreferencesSchema>;

export const updateDiffPreferencesBodySchema = z.object({
  show_whitespace_in_diffs: booleanParam.optional(),
  view_diffs_file_by_file: booleanParam.optional(),
});

/** REST `GET /projects/:id/repository/compare`: commits oldest first, files as `changes` lists them. */
export const compareSchema = z.object({
  commit: commitSchema.nullable(),
  commits: z.array(commitSchema),
  diffs: z.array(restDiffFileSchema),
  compare_timeout: z.boolean(),
  compare_same_ref: z.boolean(),
  web_url: z.string(),
});
export type Compare = z.infer<typeof compareSchema>;
