import {
  CheckIcon,
  ClockIcon,
  CommentDiscussionIcon,
  CommentIcon,
  DotFillIcon,
  EyeClosedIcon,
  EyeIcon,
  GitBranchIcon,
  GitCommitIcon,
  GitMergeIcon,
  IssueClosedIcon,
  IssueReopenedIcon,
  LockIcon,
  PencilIcon,
  PersonIcon,
  TasklistIcon,
  UnlockIcon,
  XCircleIcon,
  XIcon,
  type Icon,
} from '@primer/octicons-react';
import { Button, Spinner } from '@primer/react';
import { TimeAgo } from '../../components/TimeAgo';
import { useState } from 'react';
import type { Note } from '../../../shared/api/notes';
import { MarkdownBody } from '../../components/MarkdownBody';
import { DescriptionVersion } from './DescriptionVersion';
import { OutdatedLineChange } from './OutdatedLineChange';

/** GitLab's system note icon names (`system_note_icon_name`) as Octicons. */
const ICONS: Record<string, Icon> = {
  commit: GitCommitIcon,
  pencil: PencilIcon,
  status_open: IssueReopenedIcon,
  status_closed: IssueClosedIcon,
  merge: GitMergeIcon,
  lock: LockIcon,
  'lock-open': UnlockIcon,
  user: PersonIcon,
  'eye-slash': EyeClosedIcon,
  eye: EyeIcon,
  timer: ClockIcon,
  clock: ClockIcon,
  check: CheckIcon,
  unapproval: XIcon,
  error: XCircleIcon,
  'comment-dots': CommentDiscussionIcon,
  comment: CommentIcon,
  fork: GitBranchIcon,
  'task-done': TasklistIcon,
};

/** Spec 001 section 2.2: a commit list longer than 3 starts collapsed. */
const COLLAPSE_COMMITS_ABOVE = 3;
const AI_REVIEW_BOT = 'duo_code_review_bot';

/**
 * A note the server wrote when something happened: icon, who and what, when; a push lists its
 * commits, a description change offers the previous version, a changed line what changed.
 */
export function SystemNote({ note }: { note: Note }) {
  const Icon = ICONS[note.system_note_icon_name ?? ''] ?? DotFillIcon;
  const commits = note.commits ?? [];
  const working = note.author?.user_type === AI_REVIEW_BOT;
  return (
    <li id={`note_${note.id}`} className="system-note">
      <span className="system-note__icon" aria-hidden="true">
        {working ? <Spinner size="small" /> : <Icon size={16} />}
      </span>
      <div className="system-note__main">
        <div className="system-note__line">
          {note.author ? (
            <a className="note-header__author" href={note.author.path}>
              {note.author.name}
            </a>
          ) : (
            <span className="note-header__author">A deleted user</span>
          )}{' '}
          {commits.length > 0 ? (
            <span>{note.note.split('\n')[0]}</span>
          ) : (
            <span className="system-note__text">
              <MarkdownBody html={note.note_html} />
            </span>
          )}{' '}
          <a className="note-header__time" href={`#note_${note.id}`}>
            <TimeAgo date={note.created_at} />
          </a>
        </div>
        {commits.length > 0 && <CommitList commits={commits} />}
        {/* A deleted version keeps its place, reading "Deleted", for every viewer and after a reload. */}
        {note.description_version_id != null && <DescriptionVersion note={note} />}
        {note.outdated_line_change_path && <OutdatedLineChange path={note.outdated_line_change_path} />}
      </div>
    </li>
  );
}

function CommitList({ commits }: { commits: NonNullable<Note['commits']> }) {
  const collapsible = commits.length > COLLAPSE_COMMITS_ABOVE;
  const [open, setOpen] = useState(!collapsible);
  return (
    <div className="system-note__commits">
      {collapsible && (
        <Button size="small" variant="invisible" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide commits' : `Show all ${commits.length} commits`}
        </Button>
      )}
      {open && (
        <ul>
          {commits.map((commit) => (
            <li key={commit.id}>
              <code>{commit.short_id}</code> {commit.title}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
