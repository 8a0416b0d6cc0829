/*
 * The merge request and diff version rows other features read (the Changes tab, merge trains,
 * status checks),
 * named here so that no other feature imports merge-requests.repo: the rows come from this
 * feature's services, which decide who may read them.
 */
export type { DiffVersionRow, MergeRequestRecord, MergeRequestRow, PersonRow } from './merge-requests.repo';
