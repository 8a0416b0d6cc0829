import { z } from 'zod';

/** GitLab's `/-/jobs/:id/artifacts/browse(/*path)` page as JSON: one folder of the archive. */
export const artifactsBrowseSchema = z.object({
  /** The folder shown, '' for the archive's root. */
  path: z.string(),
  directories: z.array(z.object({ name: z.string(), path: z.string() })),
  files: z.array(z.object({ name: z.string(), path: z.string(), size: z.number().int() })),
});
export type ArtifactsBrowse = z.infer<typeof artifactsBrowseSchema>;

export const artifactsBrowseQuery = z.object({ path: z.string().max(4096).default('') });
