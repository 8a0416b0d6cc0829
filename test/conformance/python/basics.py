"""Signing in, the version, users, projects page by page, members and branches."""

from common import FIXTURE, attempt, connect, report

gl = connect()
results = {"user": gl.user.username, "version": list(gl.version())}

results["users"] = [u.username for u in gl.users.list(username=FIXTURE["colleague"])]
results["user_by_id"] = gl.users.get(FIXTURE["colleague_id"]).username

# Page by page as python-gitlab walks them: its own per_page/page, then the Link header.
results["owned_page_2"] = [p.path for p in gl.projects.list(owned=True, per_page=2, page=2, order_by="id", sort="asc")]
results["owned_all"] = [p.path for p in gl.projects.list(owned=True, per_page=2, get_all=True, order_by="id", sort="asc")]
results["owned_iterated"] = [p.path for p in gl.projects.list(owned=True, per_page=2, iterator=True, order_by="id", sort="asc")]
results["simple_unarchived"] = sorted(
    p.path for p in gl.projects.list(owned=True, simple=True, archived=False, get_all=True)
)
project = gl.projects.get(FIXTURE["project_path"])
results["project_by_path"] = project.id
results["project_by_id"] = gl.projects.get(project.id).path_with_namespace

# An upload is python-gitlab's one multipart call here.
results["upload"] = project.upload("hello.txt", filedata=b"hello\n")["markdown"]

member = project.members.create({"user_id": FIXTURE["colleague_id"], "access_level": 30})
results["member_added"] = [member.username, member.access_level]
member.access_level = 40
member.save()
results["member_edited"] = project.members.get(FIXTURE["colleague_id"]).access_level
results["members"] = sorted(m.username for m in project.members.list())
member.delete()
results["members_after_delete"] = sorted(m.username for m in project.members.list())

branch = project.branches.create({"branch": "from-python", "ref": "main"})
results["branch_created"] = [branch.name, branch.commit["id"] == project.branches.get("main").commit["id"]]
results["branches"] = sorted(b.name for b in project.branches.list(get_all=True))
project.branches.delete("from-python")
results["branch_deleted"] = attempt(lambda: project.branches.get("from-python").name)

report(results)
