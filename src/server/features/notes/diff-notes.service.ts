import type { DiffLine } from '../../../shared/api/diffs';
import type { NotePosition } from '../../../shared/api/notes';
import { fileHash } from '../../../shared/diff/lineCode';
import { outdatedLineChange } from '../../../shared/notes/outdatedLineChange';
import { truncatedDiffLines } from '../../../shared/notes/truncatedDiffLines';
import type { Actor } from '../../auth/permissions';
import type { Clock } from '../../clock';
import type { EventBus } from '../../realtime/bus';
import type { Db } from '../../db/client';
import { AppError, BadRequestError } from '../../errors';
import { readBlob, readPathEntry } from '../../git/tree';
import { createLruCache } from '../../lru-cache';
import type { DiffSelectionQuery, DiffsService } from '../diffs/diffs.service';
import type { MergeRequestsService } from '../merge-requests/merge-requests.service';
import type { ProjectsService } from '../projects/projects.service';
import {
  hiddenPlaces,
  positionLineCode,
  positionProblem,
  positionRefsMessage,
  positionRefsProblem,
  unfoldedLines,
  unfoldFor,
  type DiffRefs,
} from './diff-position';
import type { Noteable } from './noteables';
import { announceNote } from './note-events';
import { listDiffNotes, setNotesResolved, updateNoteRow, type NoteRow } from './notes.repo';
import type { SystemNotesService } from './system-notes.service';
import { outdatedText } from './system-note-texts';

/** A position checked against the diff, with what the note stores beside it. */
export type PlacedPosition = { position: NotePosition; lineCode: string | null; commitId: string | null };

/** A diff thread's excerpt: the lines above its note, as `truncated_diff_lines` sends them. */
export type ExcerptLine = Omit<DiffLine, 'meta_data'>;

/** Characters of excerpt text kept per process (a 16-line excerpt is a few kilobytes of HTML). */
const MAX_CACHED_EXCERPTS = 8 * 1024 * 1024;

/** How many diff files are read at once for excerpts not cached yet (each read runs git). */
const EXCERPT_READS_AT_ONCE = 4;

// The diff a position names is fixed by its three commits and paths, so an excerpt keyed by
// them can be evicted but never stale.
const fileKey = (p: NotePosition) => [p.base_sha, p.start_sha, p.head_sha, p.old_path, p.new_path].join('\0');

/** The cache key of a position's excerpt (the lines are part of it; the rest names the diff file). */
export const excerptKey = (p: NotePosition) => `${fileKey(p)}\0${p.old_line ?? ''}\0${p.new_line ?? ''}`;

/**
 * An `outdated` system note's change: the commented line (`old_line`) in the diff from the head the
 * thread was on (`start_sha`) to the head the push made (`head_sha`).
 */
export function changePositionOf(note: NoteRow): NotePosition | null {
  const metadata = (note.systemNoteMetadata ?? {}) as { action?: string; change_position?: NotePosition };
  return note.system && metadata.action === 'outdated' ? (metadata.change_position ?? null) : null;
}

type Version = Awaited<ReturnType<MergeRequestsService['versions']>>[number];

const FILE_NOT_IN_DIFF = 'The file is not part of the diff of this merge request.';

type Deps = {
  db: Db;
  clock: Clock;
  bus: EventBus;
  mergeRequests: Pick<MergeRequestsService, 'versions' | 'versionCommits'>;
  diffs: Pick<DiffsService, 'select' | 'forPath' | 'pendingHighlights' | 'contextLines'>;
  projects: Pick<ProjectsService, 'gitDirOf'>;
  systemNotes: Pick<SystemNotesService, 'record'>;
};

/**
 * Diff notes: a position is checked against the diff it names before anything is written, and
 * after a push the notes whose lines the new diff no longer shows become outdated.
 */
export function createDiffNotesService({
  db,
  clock,
  bus,
  mergeRequests,
  diffs,
  projects,
  systemNotes,
}: Deps) {
  /**
   * Which diff the position's refs name: a version, a version compared with an older one, or a
   * commit of the latest; 400 naming the field when its three shas are not one of those diffs' refs.
   */
  async function selectionOf(actor: Actor, noteable: Noteable, position: NotePosition) {
    const { fullPath } = noteable.ctx;
    const versions = await mergeRequests.versions(actor, fullPath, noteable.iid);
    const candidates: Array<{ refs: DiffRefs; query: DiffSelectionQuery }> = [];
    for (const version of versions.filter((v) => v.headCommitSha === position.head_sha)) {
      const refs = {
        base_sha: version.baseCommitSha,
        start_sha: version.startCommitSha,
        head_sha: version.headCommitSha,
      };
      candidates.push({ refs, query: { diff_id: version.id } });
      const older = versions.find((v) => v.headCommitSha === position.start_sha && v.id !== version.id);
      if (!older) continue;
      // Versions compared: the page's refs keep the version's base; GitLab's (and an outdated
      // note's change) start at the older head, as its straight comparison does.
      const query = { diff_id: version.id, start_sha: older.headCommitSha };
      candidates.push({ refs: { ...refs, start_sha: older.headCommitSha }, query });
      const straight = { base_sha: older.headCommitSha, start_sha: older.headCommitSha };
      candidates.push({ refs: { ...refs, ...straight }, query });
    }
    const fits = (candidate: { refs: DiffRefs }) => positionRefsProblem(position, [candidate.refs]) === null;
    const selected = candidates.find(fits) ?? (await commitOfLatest(actor, noteable, position, versions));
    if (selected && fits(selected)) return selected.query;
    if (selected) candidates.push(selected);
    const field = positionRefsProblem(
      position,
      candidates.map(({ refs }) => refs),
    );
    throw new BadRequestError(positionRefsMessage(field ?? 'head_sha'));
  }

  /** The diff of one commit of the latest version, when the position's head is one of them. */
  async function commitOfLatest(
    actor: Actor,
    noteable: Noteable,
    position: NotePosition,
    versions: Version[],
  ): Promise<{ refs: DiffRefs; query: DiffSelectionQuery } | null> {
    const latest = versions[0];
    if (!latest) return null;
    const commits = await mergeRequests.versionCommits(latest.id);
    if (!commits.some((c) => c.sha === position.head_sha)) return null;
    const query = { diff_id: latest.id, commit_id: position.head_sha };
    const { refs } = await diffs.select(actor, noteable.ctx.fullPath, noteable.iid, query);
    return { refs, query };
  }

  async function fileAt(actor: Actor, noteable: Noteable, position: NotePosition) {
    const query = await selectionOf(actor, noteable, position);
    try {
      const { files } = await diffs.forPath(actor, noteable.ctx.fullPath, noteable.iid, {
        ...query,
        old_path: position.old_path,
        new_path: position.new_path,
      });
      const file = files[0];
      if (!file) throw new BadRequestError(FILE_NOT_IN_DIFF);
      return { file, commitId: 'commit_id' in query ? (query.commit_id ?? null) : null };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw new BadRequestError(FILE_NOT_IN_DIFF);
      throw error;
    }
  }

  /**
   * Unchanged lines of the file at the position's head, numbered on the old side `offset` behind;
   * none past its end, nor of a file that has no lines to show (binary, too large).
   */
  async function fileLines(
    actor: Actor,
    noteable: Noteable,
    position: NotePosition,
    range: { since: number; to: number; offset: number },
  ): Promise<DiffLine[]> {
    try {
      const { fullPath } = noteable.ctx;
      return await diffs.contextLines(actor, fullPath, position.head_sha, position.new_path, range);
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return [];
      throw error;
    }
  }

  /** The hidden unchanged lines a position names (a comment on expanded context), read from the file. */
  async function hiddenLines(actor: Actor, noteable: Noteable, position: NotePosition, lines: DiffLine[]) {
    const places = hiddenPlaces(position, lines);
    const read = await Promise.all(
      places.map((p) =>
        fileLines(actor, noteable, position, { since: p.new, to: p.new, offset: p.new - p.old }),
      ),
    );
    return read.flat();
  }

  /** Checks a position (400 with the reason when refused) and works out its line code. */
  async function place(
    actor: Actor,
    noteable: Noteable,
    position: NotePosition,
    lineCode?: string,
  ): Promise<PlacedPosition> {
    if (noteable.noteableType !== 'MergeRequest')
      throw new BadRequestError('Diff positions are only for merge requests.');
    const { file, commitId } = await fileAt(actor, noteable, position);
    // A comment on lines expanded around the hunks is checked against those lines, as GitLab does.
    const hidden = file.lines ? await hiddenLines(actor, noteable, position, file.lines) : [];
    const checked = hidden.length > 0 ? { ...file, lines: [...(file.lines ?? []), ...hidden] } : file;
    const problem = positionProblem(position, checked, lineCode);
    if (problem) throw new BadRequestError(problem);
    return { position, lineCode: positionLineCode(position, checked), commitId };
  }

  /**
   * The diff's lines around a position: for a line hidden between the hunks, the diff up to it
   * with it and the lines above it unfolded (GitLab's `LinesUnfolder`), else the diff itself.
   */
  async function linesAround(actor: Actor, noteable: Noteable, position: NotePosition, lines: DiffLine[]) {
    const unfold = unfoldFor(position, lines);
    if (!unfold) return lines;
    const read = await fileLines(actor, noteable, position, unfold);
    return unfoldedLines(lines, unfold, read);
  }

  const excerptCache = createLruCache<ExcerptLine[]>(MAX_CACHED_EXCERPTS, (lines) =>
    lines.reduce((sum, line) => sum + line.text.length + line.rich_text.length + 64, 64),
  );

  /**
   * The `truncated_diff_lines` of text positions, by `excerptKey`: a warm page is answered from
   * memory; the positions not cached yet are read once per diff file, a few files at a time. A
   * position whose diff cannot be read (not a version, file gone) has no lines, as in GitLab.
   * Whoever reads a merge request's threads may read its diff, so the cache is shared by readers.
   */
  async function excerpts(
    actor: Actor,
    noteable: Noteable,
    positions: NotePosition[],
  ): Promise<Map<string, ExcerptLine[]>> {
    const found = new Map<string, ExcerptLine[]>();
    const missing = new Map<string, NotePosition[]>();
    for (const position of positions) {
      if (position.position_type !== 'text') continue;
      const key = excerptKey(position);
      const hit = excerptCache.get(key);
      if (hit) found.set(key, hit);
      else missing.set(fileKey(position), [...(missing.get(fileKey(position)) ?? []), position]);
    }
    const groups = [...missing.values()];
    const readGroup = async (group: NotePosition[]) => {
      const lines = await diffLinesOf(actor, noteable, group[0]!);
      // Lines read while highlighting still runs in the background are shown, not kept.
      const final = diffs.pendingHighlights() === 0;
      for (const position of group) {
        const around = await linesAround(actor, noteable, position, lines);
        const excerpt = truncatedDiffLines(around, position).map(({ meta_data: _meta, ...line }) => line);
        found.set(excerptKey(position), excerpt);
        if (final) excerptCache.set(excerptKey(position), excerpt);
      }
    };
    for (let start = 0; start < groups.length; start += EXCERPT_READS_AT_ONCE)
      await Promise.all(groups.slice(start, start + EXCERPT_READS_AT_ONCE).map(readGroup));
    return found;
  }

  async function diffLinesOf(actor: Actor, noteable: Noteable, position: NotePosition): Promise<DiffLine[]> {
    try {
      return (await fileAt(actor, noteable, position)).file.lines ?? [];
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) return [];
      throw error;
    }
  }

  /** The text of a line of a file at a commit, or null when the file or line is not there. */
  async function lineText(gitDir: string, sha: string, path: string, line: number): Promise<string | null> {
    const entry = await readPathEntry(gitDir, sha, path);
    if (!entry || entry.type !== 'blob') return null;
    const content = await readBlob(gitDir, entry.id);
    return content?.toString('utf8').split('\n')[line - 1] ?? null;
  }

  /**
   * What the push did to a commented line: the lines of the change around it (GitLab's
   * `outdated_line_change`), read from the diff between the two heads; none when it is not there.
   */
  async function changeLines(actor: Actor, noteable: Noteable, change: NotePosition) {
    if (change.old_line === null || change.old_line === undefined) return null;
    return outdatedLineChange(await diffLinesOf(actor, noteable, change), change.old_line);
  }

  /**
   * GitLab's `diff_discussion_outdated`: in the thread a push outdated, by the pusher, "changed this
   * line in [version N of the diff](...)", linking the new version compared with the one the thread
   * was on, at the changed line. A text note keeps the change (`change_position`) for its lines.
   */
  async function recordOutdated(
    actor: Actor,
    noteable: Noteable,
    note: NoteRow,
    position: NotePosition,
    versions: { latest: Version; previous: Version; count: number },
  ): Promise<NoteRow> {
    const { latest, previous, count } = versions;
    const onText = position.position_type === 'text';
    const change: NotePosition | null = onText
      ? {
          base_sha: previous.headCommitSha,
          start_sha: previous.headCommitSha,
          head_sha: latest.headCommitSha,
          old_path: position.new_path,
          new_path: position.new_path,
          position_type: 'text',
          old_line: position.new_line ?? null,
          new_line: null,
        }
      : null;
    const lineCode = change ? (await changeLines(actor, noteable, change))?.commented.line_code : null;
    const anchor = lineCode ?? `diff-content-${fileHash(position.new_path)}`;
    const url = `${noteable.path}/diffs?diff_id=${latest.id}&start_sha=${previous.headCommitSha}#${anchor}`;
    return systemNotes.record({
      projectId: noteable.ctx.project.id,
      noteableType: 'MergeRequest',
      noteableId: noteable.noteableId,
      authorId: actor?.id ?? null,
      action: 'outdated',
      body: outdatedText(onText ? 'line' : 'file', count, url),
      metadata: change ? { change_position: change } : {},
      thread: { discussionId: note.discussionId, internal: note.internal },
    });
  }

  /**
   * After a push recorded a new version, each diff note of the request (a line or an image point)
   * is moved onto the new diff when its file did not change between the old and the new head
   * (same blob, so the same lines and pixels) and its place is still in the new diff; otherwise it
   * stays where it was and is outdated (`active: false`). An outdated unresolved thread whose commented new-side line now
   * reads differently, or is gone, was answered by the push: it is resolved "by push". A thread
   * the push outdated that way (or whose image changed) gets the note saying so, once.
   */
  async function followPush(actor: Actor, noteable: Noteable): Promise<void> {
    const refs = noteable.diffRefs;
    if (!refs) return;
    const gitDir = projects.gitDirOf(noteable.ctx.project.id);
    const versions = await mergeRequests.versions(actor, noteable.ctx.fullPath, noteable.iid);
    const [latest, previous] = versions;
    const moved: NoteRow[] = [];
    const resolved: NoteRow[] = [];
    const noted = new Set<string>();
    for (const note of await listDiffNotes(db, noteable.noteableId)) {
      const position = note.position as NotePosition | null;
      if (!position || position.head_sha === refs.headSha) continue;
      const next: NotePosition = {
        ...position,
        base_sha: refs.baseSha,
        start_sha: refs.startSha,
        head_sha: refs.headSha,
      };
      const [before, after] = await Promise.all([
        readPathEntry(gitDir, position.head_sha, position.new_path),
        readPathEntry(gitDir, refs.headSha, position.new_path),
      ]);
      const unchanged = before !== null && after !== null && before.id === after.id;
      if (unchanged && (await stillInDiff(actor, noteable, next))) {
        const row = await updateNoteRow(db, note.id, { position: next, updatedAt: clock.now() });
        if (row) moved.push(row);
        continue;
      }
      // An image point has no line to read: a changed image leaves its threads outdated, unresolved.
      const onText = position.position_type === 'text';
      const changed = onText ? await lineChanged(gitDir, position, refs.headSha) : !unchanged;
      if (onText && changed) {
        const done = await setNotesResolved(db, [note.id], { by: null, at: clock.now(), byPush: true });
        resolved.push(...done);
      }
      // Only a thread this push outdated: one outdated earlier was on an older version still.
      const wasActive =
        previous !== undefined &&
        position.head_sha === previous.headCommitSha &&
        position.base_sha === previous.baseCommitSha;
      if (changed && wasActive && latest && !noted.has(note.discussionId)) {
        noted.add(note.discussionId);
        await recordOutdated(actor, noteable, note, position, { latest, previous, count: versions.length });
      }
    }
    for (const note of [...moved, ...resolved]) await announceNote(bus, 'updated', note);
  }

  async function stillInDiff(actor: Actor, noteable: Noteable, position: NotePosition): Promise<boolean> {
    try {
      await place(actor, noteable, position);
      return true;
    } catch (error) {
      if (error instanceof BadRequestError) return false;
      throw error;
    }
  }

  async function lineChanged(gitDir: string, position: NotePosition, newHead: string): Promise<boolean> {
    const line = position.new_line;
    if (line === null || line === undefined) return false;
    const [was, is] = await Promise.all([
      lineText(gitDir, position.head_sha, position.new_path, line),
      lineText(gitDir, newHead, position.new_path, line),
    ]);
    return was !== is;
  }

  return { place, followPush, changeLines, excerpts };
}

export type DiffNotesService = ReturnType<typeof createDiffNotesService>;
