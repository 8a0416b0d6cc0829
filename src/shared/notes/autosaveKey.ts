/** Spec 001 sections 2.4 and 9: unsaved text lives in local storage under `note/{type}/{id}`. */
export type AutosaveTarget =
  | { kind: 'new'; noteableType: string; noteableId: number }
  | { kind: 'reply'; discussionId: string }
  | { kind: 'edit'; noteId: number };

export function autosaveKey(target: AutosaveTarget): string {
  switch (target.kind) {
    case 'new':
      return `note/${target.noteableType}/${target.noteableId}`;
    case 'reply':
      return `note/Discussion/${target.discussionId}`;
    case 'edit':
      return `note/Note/${target.noteId}`;
  }
}
