import { useMutation } from '@tanstack/react-query';
import type { NotesData } from '../../../shared/api/notes';
import { request } from '../../api/client';

type UploadAnswer = { link: { alt: string; url: string; markdown: string } };

/** The project's path, from the noteable's page address (`/{project}/-/merge_requests/1`). */
export function projectPathOf(webUrl: string): string {
  const { pathname } = new URL(webUrl, 'http://localhost');
  return pathname.split('/-/')[0] ?? pathname;
}

/** Spec 001 section 2.4: attachments go to the project's uploads; the answer's markdown joins the note. */
export function useUploadFile(notesData: NotesData) {
  const path = `${projectPathOf(notesData.noteableData.web_url)}/uploads`;
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return request<UploadAnswer>(path, { method: 'POST', body });
    },
  });
}
