import type { EventBus } from '../../realtime/bus';
import type { NoteRow } from './notes.repo';

export type NoteChange = 'created' | 'updated' | 'deleted';

/** Tells live pages (and other processes) that a note changed; sent after the write committed. */
export async function announceNote(bus: EventBus, change: NoteChange, note: NoteRow): Promise<void> {
  await bus.publish({
    type: 'note.changed',
    change,
    projectId: note.projectId,
    noteableType: note.noteableType,
    noteableId: note.noteableId,
    noteId: note.id,
    internal: note.internal,
    system: note.system,
  });
}
