"""Approval settings above the project: the instance's (application settings) and a group's, and their locks."""

from common import FIXTURE, attempt, connect, report

admin = connect(FIXTURE["admin_token"])
owner = connect()
results = {}

settings = admin.settings.get()
results["instance_before"] = settings.prevent_merge_requests_author_approval
settings.prevent_merge_requests_author_approval = True
settings.save()
results["instance_after"] = admin.settings.get().prevent_merge_requests_author_approval
results["instance_as_owner"] = attempt(lambda: owner.settings.get().prevent_merge_requests_author_approval)

group_path = f"/groups/{FIXTURE['group_id']}/merge_request_approval_setting"
updated = owner.http_put(group_path, post_data={"allow_committer_approval": False})
results["group_put"] = updated["allow_committer_approval"]
results["group_get"] = owner.http_get(group_path)["allow_author_approval"]

project = owner.projects.get(FIXTURE["project_id"])
results["project_relax"] = attempt(
    lambda: project.approvals.update(new_data={"merge_requests_disable_committers_approval": False})
)
results["project_settings"] = [
    project.approvals.get().merge_requests_author_approval,
    project.approvals.get().merge_requests_disable_committers_approval,
]
report(results)
