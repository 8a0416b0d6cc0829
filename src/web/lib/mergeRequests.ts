/** The merge request's page address, under which its page endpoints (`.json`, `notes_data.json`) live. */
export const mergeRequestPagePath = (fullPath: string, iid: number): string =>
  `/${fullPath}/-/merge_requests/${iid}`;

/** What the Overview's Activity section reads first. */
export const notesDataPath = (fullPath: string, iid: number): string =>
  `${mergeRequestPagePath(fullPath, iid)}/notes_data.json`;
