"""Merge requests: create, list with filters, edit, close and reopen, changes, commits, merge."""

from common import FIXTURE, attempt, connect, report

gl = connect()
project = gl.projects.get(FIXTURE["project_id"])
mrs = project.mergerequests
results = {}

mr = mrs.create(
    {
        "source_branch": "feature",
        "target_branch": "main",
        "title": "Add the feature",
        "description": "Two commits",
        "assignee_ids": [FIXTURE["owner_id"], FIXTURE["colleague_id"]],
    }
)
other = mrs.create({"source_branch": "other", "target_branch": "main", "title": "Add the other"})
results["created"] = [mr.iid, mr.state, sorted(a["username"] for a in mr.assignees), other.iid]

iids = lambda listed: sorted(m.iid for m in listed)
results["list_iids"] = iids(mrs.list(iids=[mr.iid]))
results["list_two_iids"] = iids(mrs.list(iids=[mr.iid, other.iid]))
results["list_unknown_iid"] = iids(mrs.list(iids=[99999]))
results["list_by_source"] = iids(mrs.list(state="opened", source_branch="other"))
results["list_by_author"] = iids(mrs.list(author_id=FIXTURE["owner_id"], order_by="updated_at", sort="asc"))
results["list_by_assignee"] = iids(mrs.list(assignee_id=FIXTURE["colleague_id"]))
results["list_everywhere"] = iids(gl.mergerequests.list(scope="all", state="opened"))

mr.title = "Add the feature, edited"
mr.description = "Two commits, edited"
mr.save()
fetched = mrs.get(mr.iid)
results["edited"] = [fetched.title, fetched.description]

mr.state_event = "close"
mr.save()
results["closed"] = mrs.get(mr.iid).state
mr.state_event = "reopen"
mr.save()
results["reopened"] = mrs.get(mr.iid).state

results["changes"] = sorted(change["new_path"] for change in mr.changes()["changes"])
commits = list(mr.commits())
results["commits"] = [commit.title for commit in commits]

# python-gitlab sends `sha` and `squash` of a merge in the query string.
mr = mrs.get(mr.iid)
results["stale_merge"] = attempt(lambda: mr.merge(sha=commits[-1].id))
results["after_stale_merge"] = mrs.get(mr.iid).state
merged = mr.merge(sha=mr.sha, squash=True, squash_commit_message="Feature, squashed")
results["merged"] = [merged["state"], merged["squash_commit_sha"] is not None]
results["squash_commit"] = project.commits.get(merged["squash_commit_sha"]).message.strip()
results["merged_again"] = attempt(lambda: mr.merge())

report(results)
