import { ZERO_SHA, deleteRef, readRef, updateRef } from '../../git/repository';

/** Where a car's merged result is kept, as GitLab keeps it, for the pipeline that will run on it. */
export const trainRef = (iid: number) => `refs/merge-requests/${iid}/train`;

/** Keeps (or forgets, with null) a car's merged result where its pipeline will find it. */
export async function pointTrainRef(gitDir: string, iid: number, sha: string | null): Promise<void> {
  const ref = trainRef(iid);
  const current = await readRef(gitDir, ref);
  if (sha === null) {
    if (current) await deleteRef(gitDir, ref, current);
    return;
  }
  await updateRef(gitDir, ref, sha, current ?? ZERO_SHA);
}
