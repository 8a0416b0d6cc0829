import { ACCESS_LEVELS, type Visibility } from '../../shared/access/accessLevels';
import { assertNever } from '../../shared/lib/assertNever';

/** Who is asking. `null` is an anonymous visitor. */
export type Actor = { id: number; admin: boolean; state: 'active' | 'blocked' } | null;

type ProjectFacts = {
  visibility: Visibility;
  archived: boolean;
  /** The actor's effective access level (project membership or inherited from groups); 0 when none. */
  accessLevel: number;
};

export type Subject =
  | { type: 'instance' }
  | { type: 'user'; id: number }
  | { type: 'group'; visibility: Visibility; accessLevel: number }
  | ({ type: 'project' } & ProjectFacts)
  | ({ type: 'branch'; pushAccessLevel: number | null } & ProjectFacts)
  | ({ type: 'build'; pushAccessLevel: number | null; userId: number | null } & ProjectFacts)
  | ({ type: 'merge_request'; authorId: number | null } & ProjectFacts)
  | ({ type: 'pipeline_schedule'; ownerId: number | null } & ProjectFacts)
  | ({ type: 'issue' } & IssueFacts & ProjectFacts)
  | ({ type: 'noteable' } & NoteableFacts & ProjectFacts)
  | ({ type: 'note'; authorId: number | null; internal: boolean } & NoteableFacts & ProjectFacts);

type IssueFacts = { authorId: number | null; assigneeIds: number[]; confidential: boolean };

/** The issue or merge request a note hangs on, as far as commenting is concerned. */
type NoteableFacts = {
  noteableType: 'Issue' | 'MergeRequest';
  noteableAuthorId: number | null;
  /** Issues only: confidential issues are read by reporters, their author and assignees. */
  confidential: boolean;
  assigneeIds: number[];
  discussionLocked: boolean;
};

export type Action =
  | 'admin_instance'
  | 'create_user'
  | 'manage_access_tokens'
  | 'create_group'
  | 'read_group'
  | 'create_project_in_group'
  | 'admin_group'
  | 'create_subgroup'
  | 'admin_group_member'
  | 'admin_project_member'
  | 'manage_owner_members'
  | 'read_project'
  | 'read_code'
  | 'push_code'
  | 'admin_project'
  | 'remove_project'
  | 'create_merge_request'
  | 'push_to_branch'
  | 'read_merge_request'
  | 'read_merge_train'
  | 'update_merge_request'
  | 'reopen_merge_request'
  | 'read_issue'
  | 'create_issue'
  | 'update_issue'
  | 'set_issue_metadata'
  | 'destroy_issue'
  | 'add_timeline_event'
  | 'read_noteable'
  | 'create_note'
  | 'create_internal_note'
  | 'read_internal_note'
  | 'resolve_note'
  | 'award_emoji'
  | 'read_note'
  | 'update_note'
  | 'admin_note'
  | 'upload_file'
  | 'provide_status_check_response'
  | 'approve_merge_request'
  | 'read_pipeline'
  | 'create_pipeline'
  | 'update_build'
  | 'erase_build'
  | 'read_pipeline_variable'
  | 'destroy_pipeline'
  | 'admin_cicd_variables'
  | 'read_pipeline_schedule'
  | 'create_pipeline_schedule'
  | 'update_pipeline_schedule'
  | 'admin_pipeline_schedule'
  | 'take_ownership_pipeline_schedule'
  | 'admin_trigger'
  | 'create_commit_status'
  | 'create_runner'
  | 'read_resource_group'
  | 'update_resource_group'
  | 'admin_label';

const { guest, reporter, developer, maintainer, owner } = ACCESS_LEVELS;

function canSee(actor: Actor, visibility: Visibility, accessLevel: number, minimumMember = 1): boolean {
  if (actor?.admin) return true;
  switch (visibility) {
    case 'public':
      return true;
    case 'internal':
      return actor !== null;
    case 'private':
      return accessLevel >= minimumMember;
    default:
      return assertNever(visibility);
  }
}

const levelOf = (actor: Actor, level: number): number => (actor?.admin ? owner : level);

/**
 * The one place that decides who may do what. Pure: callers load the facts (visibility, the
 * actor's access level) and ask. Blocked users may do nothing.
 */
export function can(actor: Actor, action: Action, subject: Subject): boolean {
  if (actor?.state === 'blocked') return false;
  switch (subject.type) {
    case 'instance':
      if (action === 'admin_instance') return actor?.admin === true;
      if (action === 'create_group') return actor !== null;
      if (action === 'create_user') return actor?.admin === true;
      // Instance runners serve every project: only administrators add them.
      if (action === 'create_runner') return actor?.admin === true;
      return false;
    case 'user':
      // A user's own tokens are theirs to list, create and revoke; administrators manage anyone's.
      if (action === 'manage_access_tokens')
        return actor !== null && (actor.admin || actor.id === subject.id);
      return false;
    case 'group': {
      const level = levelOf(actor, subject.accessLevel);
      if (action === 'read_group') return canSee(actor, subject.visibility, level);
      if (action === 'create_project_in_group') return actor !== null && level >= maintainer;
      if (action === 'admin_group') return actor !== null && level >= owner;
      if (action === 'create_subgroup' || action === 'admin_group_member')
        return actor !== null && level >= maintainer;
      if (action === 'manage_owner_members') return actor !== null && level >= owner;
      // Group runners serve every project below the group: its owners add them.
      if (action === 'create_runner') return actor !== null && level >= owner;
      // GitLab: a group's CI/CD variables reach every project below it; its owners manage them.
      if (action === 'admin_cicd_variables') return actor !== null && level >= owner;
      // GitLab's `admin_label`: Reporters and up create, edit and delete a group's labels.
      if (action === 'admin_label') return actor !== null && level >= reporter;
      return false;
    }
    case 'project':
    case 'branch':
    case 'build':
    case 'merge_request':
    case 'pipeline_schedule':
      return canOnProject(actor, action, subject);
    case 'issue':
      return canOnIssue(actor, action, subject);
    case 'noteable':
      return canOnNoteable(actor, action, subject);
    case 'note':
      return canOnNote(actor, action, subject);
    default:
      return assertNever(subject);
  }
}

const isAuthorOrAssignee = (actor: Actor, facts: IssueFacts): boolean =>
  actor !== null && (facts.authorId === actor.id || facts.assigneeIds.includes(actor.id));

/** Issues: guests read and open them; confidential ones only reporters, their author and assignees. */
function canReadIssue(actor: Actor, subject: IssueFacts & ProjectFacts): boolean {
  const level = levelOf(actor, subject.accessLevel);
  if (!canSee(actor, subject.visibility, level)) return false;
  return !subject.confidential || level >= reporter || isAuthorOrAssignee(actor, subject);
}

function canOnIssue(actor: Actor, action: Action, subject: Extract<Subject, { type: 'issue' }>): boolean {
  const level = levelOf(actor, subject.accessLevel);
  const writable = !subject.archived;
  switch (action) {
    case 'read_issue':
      return canReadIssue(actor, subject);
    case 'create_issue':
      return actor !== null && writable && canSee(actor, subject.visibility, level);
    case 'update_issue':
      return (
        writable && canReadIssue(actor, subject) && (level >= reporter || isAuthorOrAssignee(actor, subject))
      );
    case 'set_issue_metadata':
      return actor !== null && writable && level >= reporter;
    case 'add_timeline_event':
      return actor !== null && writable && level >= reporter;
    case 'destroy_issue':
      // GitLab lets owners (and administrators) delete issues, also in archived projects.
      return actor !== null && level >= owner;
    default:
      return false;
  }
}

function canReadNoteable(actor: Actor, subject: NoteableFacts & ProjectFacts): boolean {
  if (subject.noteableType === 'Issue')
    return canReadIssue(actor, { ...subject, authorId: subject.noteableAuthorId });
  return canSee(actor, subject.visibility, levelOf(actor, subject.accessLevel), reporter);
}

/**
 * Commenting (spec 001 section 6): anyone signed in who can read the noteable, members only when
 * the discussion is locked, nobody in an archived project; internal notes from reporter up.
 */
function canOnNoteable(
  actor: Actor,
  action: Action,
  subject: Extract<Subject, { type: 'noteable' | 'note' }>,
): boolean {
  const level = levelOf(actor, subject.accessLevel);
  const readable = canReadNoteable(actor, subject);
  const writable = actor !== null && !subject.archived && readable;
  switch (action) {
    case 'read_noteable':
      return readable;
    case 'create_note':
      return writable && (!subject.discussionLocked || level >= guest);
    case 'create_internal_note':
    case 'read_internal_note':
      return readable && actor !== null && level >= reporter && (action === 'read_internal_note' || writable);
    case 'resolve_note':
      return writable && (level >= developer || subject.noteableAuthorId === actor?.id);
    case 'award_emoji':
      return writable;
    case 'set_issue_metadata':
      return writable && subject.noteableType === 'Issue' && level >= reporter;
    default:
      return false;
  }
}

/** One note: read follows its noteable (and internal ones need reporter); edit is the author's, delete also a maintainer's. */
function canOnNote(actor: Actor, action: Action, subject: Extract<Subject, { type: 'note' }>): boolean {
  const level = levelOf(actor, subject.accessLevel);
  const readable =
    canReadNoteable(actor, subject) && (!subject.internal || (actor !== null && level >= reporter));
  const isAuthor = actor !== null && subject.authorId === actor.id;
  switch (action) {
    case 'read_note':
      return readable;
    case 'update_note':
      return readable && !subject.archived && isAuthor;
    case 'admin_note':
      return readable && !subject.archived && (isAuthor || level >= maintainer);
    case 'award_emoji':
    case 'resolve_note':
      return readable && canOnNoteable(actor, action, subject);
    default:
      return false;
  }
}

function canOnProject(
  actor: Actor,
  action: Action,
  subject: Exclude<Subject, { type: 'instance' | 'group' | 'user' }>,
): boolean {
  const level = levelOf(actor, subject.accessLevel);
  const writable = !subject.archived;
  switch (action) {
    case 'read_project':
      return canSee(actor, subject.visibility, level);
    // Pipelines and their logs show the code's output: read as the code is.
    case 'read_code':
    case 'read_merge_request':
    case 'read_pipeline':
      return canSee(actor, subject.visibility, level, reporter);
    // GitLab: merge trains are read (and added to) from Developer up.
    case 'read_merge_train':
      return actor !== null && level >= developer;
    // GitLab: resource groups are read, and their process mode changed, from Developer up.
    case 'read_resource_group':
      return actor !== null && level >= developer;
    case 'update_resource_group':
      return actor !== null && writable && level >= developer;
    case 'push_code':
    case 'create_merge_request':
    case 'provide_status_check_response':
    case 'approve_merge_request':
      // External status checks answer (and are retried) with a Developer's token, as in GitLab;
      // "Any member with at least Developer permissions on the project" may approve (002 §4).
      return actor !== null && writable && level >= developer;
    // Running a pipeline (or acting on its jobs) runs the branch's code with the branch's
    // variables: Developers, and on a protected branch those its protection lets push or merge
    // (the caller passes the more permissive of the two as pushAccessLevel).
    case 'create_pipeline':
    case 'update_build':
      if (actor === null || !writable || level < developer) return false;
      if ((subject.type !== 'branch' && subject.type !== 'build') || subject.pushAccessLevel === null)
        return subject.type !== 'merge_request';
      return subject.pushAccessLevel > 0 && level >= subject.pushAccessLevel;
    // Erasing a job removes its log and artifacts: Maintainers, or a Developer for a job of their
    // own on a ref that is not protected (GitLab's owner_of_job rule).
    case 'erase_build':
      if (subject.type !== 'build' || !canOnProject(actor, 'update_build', subject)) return false;
      return level >= maintainer || (subject.userId === actor!.id && subject.pushAccessLevel === null);
    // The variables a pipeline was run with may hold secrets: Maintainers read them, and whoever
    // ran the pipeline while they may still run it (GitLab's read_pipeline_variable; the build
    // subject's userId is the pipeline's user).
    case 'read_pipeline_variable':
      if (actor === null || level < developer) return false;
      return (
        level >= maintainer ||
        (subject.type === 'build' &&
          subject.userId === actor.id &&
          canOnProject(actor, 'update_build', subject))
      );
    case 'destroy_pipeline':
      return actor !== null && level >= owner;
    case 'admin_cicd_variables':
      return actor !== null && level >= maintainer;
    // GitLab's pipeline schedule policy: Developers see and make schedules; the schedule's owner
    // edits, plays and deletes it; Maintainers delete any and take over another's (then edit it).
    case 'read_pipeline_schedule':
    case 'create_pipeline_schedule':
      return actor !== null && level >= developer && (action === 'read_pipeline_schedule' || writable);
    case 'update_pipeline_schedule':
      return (
        actor !== null &&
        writable &&
        level >= developer &&
        subject.type === 'pipeline_schedule' &&
        subject.ownerId === actor.id
      );
    case 'admin_pipeline_schedule':
      return (
        canOnProject(actor, 'update_pipeline_schedule', subject) ||
        (actor !== null && writable && level >= maintainer)
      );
    case 'take_ownership_pipeline_schedule':
      return actor !== null && writable && level >= maintainer;
    // Trigger tokens run pipelines as their owner: Maintainers manage them (GitLab's admin_build).
    case 'admin_trigger':
      return actor !== null && writable && level >= maintainer;
    // External CI reports on commits with a Developer's token (GitLab's create_commit_status).
    case 'create_commit_status':
      return actor !== null && writable && level >= developer;
    case 'push_to_branch':
      if (actor === null || !writable || subject.type !== 'branch') return false;
      // A protected branch names its own minimum level; 0 means "No one".
      if (subject.pushAccessLevel === null) return level >= developer;
      return subject.pushAccessLevel > 0 && level >= subject.pushAccessLevel;
    case 'update_merge_request':
    case 'reopen_merge_request': {
      if (actor === null || !writable || subject.type !== 'merge_request') return false;
      return (
        level >= developer ||
        (subject.authorId === actor.id && canSee(actor, subject.visibility, level, reporter))
      );
    }
    case 'admin_project':
      return actor !== null && level >= maintainer;
    // Attachments for notes and descriptions: members, who may comment, and not in an archived project.
    case 'upload_file':
      return actor !== null && writable && level >= guest;
    case 'remove_project':
    case 'manage_owner_members':
      return actor !== null && level >= owner;
    case 'admin_project_member':
      return actor !== null && level >= maintainer;
    // Project runners take the project's jobs, its secrets included: Maintainers add them.
    case 'create_runner':
      return actor !== null && level >= maintainer;
    // GitLab's `admin_label`: Reporters and up manage labels and put them on issues and merge requests.
    case 'admin_label':
      return actor !== null && writable && level >= reporter;
    default:
      return false;
  }
}
