import { z } from 'zod';

/** `GET {project}/-/code_owners?ref=&path=`: who owns one file at a ref (the file page). */
export const blobCodeOwnersQuery = z.object({
  ref: z.string().min(1).max(1024),
  path: z.string().min(1).max(4096),
});

const ownerSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  web_url: z.string(),
});

export const blobCodeOwnersSchema = z.object({
  /** The CODEOWNERS file read at the ref (`CODEOWNERS`, `docs/CODEOWNERS`, `.gitlab/CODEOWNERS`), or null. */
  code_owners_path: z.string().nullable(),
  /** One per section that owns the path and names users; `name` is null for the default section. */
  sections: z.array(z.object({ name: z.string().nullable(), owners: z.array(ownerSchema) })),
});
export type BlobCodeOwnersJson = z.infer<typeof blobCodeOwnersSchema>;
