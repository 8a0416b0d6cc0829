"""Rebasing: diverged_commits_count, the rebase call and rebase_in_progress until it ends."""

import time

from common import FIXTURE, connect, report

gl = connect()
mrs = gl.projects.get(FIXTURE["project_id"]).mergerequests
mr = mrs.create({"source_branch": "behind", "target_branch": "main", "title": "Catch up"})
results = {}

shown = mrs.get(mr.iid, include_diverged_commits_count=True, include_rebase_in_progress=True)
results["before"] = [shown.diverged_commits_count, shown.rebase_in_progress]
results["without_flags"] = hasattr(mrs.get(mr.iid), "diverged_commits_count")
results["rebase"] = mr.rebase()

deadline = time.monotonic() + 20
while mrs.get(mr.iid, include_rebase_in_progress=True).rebase_in_progress and time.monotonic() < deadline:
    time.sleep(0.1)
shown = mrs.get(mr.iid, include_diverged_commits_count=True, include_rebase_in_progress=True)
results["after"] = [shown.diverged_commits_count, shown.rebase_in_progress, shown.merge_error]

report(results)
