"""Reviewers: reviewer_ids on create and save, reviewers in answers, the reviewer filters."""

from common import FIXTURE, connect, report

gl = connect()
project = gl.projects.get(FIXTURE["project_id"])
colleague_id = FIXTURE["colleague_id"]
results = {}

mr = project.mergerequests.create(
    {"source_branch": "feature", "target_branch": "main", "title": "Review me", "reviewer_ids": [colleague_id]}
)
results["created"] = [user["id"] for user in mr.reviewers]
other = project.mergerequests.create({"source_branch": "other", "target_branch": "main", "title": "Nobody"})

other.reviewer_ids = [colleague_id, FIXTURE["owner_id"]]
other.save()
results["saved"] = sorted(user["id"] for user in other.reviewers)
results["fetched"] = sorted(user["username"] for user in project.mergerequests.get(other.iid).reviewers)
results["listed"] = {m.iid: len(m.reviewers) for m in project.mergerequests.list()}

owner_name = gl.user.username
results["by_username"] = [m.iid for m in project.mergerequests.list(reviewer_username=owner_name)]
results["by_id"] = sorted(m.iid for m in project.mergerequests.list(reviewer_id=colleague_id))
results["by_none"] = [m.iid for m in project.mergerequests.list(reviewer_id="None")]
results["global"] = [m.iid for m in gl.mergerequests.list(scope="all", reviewer_username=owner_name)]
results["states"] = [
    [reviewer["user"]["id"], reviewer["state"]]
    for reviewer in gl.http_list(f"/projects/{project.id}/merge_requests/{mr.iid}/reviewers")
]

other.reviewer_ids = []
other.save()
results["cleared"] = project.mergerequests.get(other.iid).reviewers

report(results)
